// Business Profile (spec §2.14): the profile form and the logo. Owners only (the route checks).
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useResetOnSuccess } from "~/lib/forms";
import { LOGO_ACCEPT, LOGO_MAX_BYTES, LOGO_MESSAGES } from "#shared/businesses/logo-type.ts";
import {
  type BUSINESS_PROFILE_FIELDS,
  BUSINESS_TYPES,
  businessProfileSchema,
  type BusinessProfileValues,
} from "#shared/businesses/profile.ts";
import { fieldProps, ResultMessage, SectionCard, useSectionForm, useSectionResult, type SettingsActionResult } from "./ui";
import { Button } from "~/components/ui/Button";
import { labelClass, SelectField, TextareaField, TextField, SaveButton } from "~/components/forms";

export function ProfileSection({ profile }: { profile: BusinessProfileValues }) {
  return (
    <div className="space-y-6">
      <ProfileForm profile={profile} />
      <LogoForm logoUrl={profile.logoUrl} businessName={profile.name} />
    </div>
  );
}

function ProfileForm({ profile }: { profile: BusinessProfileValues }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: "settings-profile" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps, clearClientErrors } = useSectionForm({ id: "settings-profile", schema: businessProfileSchema, fetcher, intents: ["profile"] });
  const busy = fetcher.state !== "idle";
  const f = (name: (typeof BUSINESS_PROFILE_FIELDS)[number]) => fieldProps(prefix, name, errors);
  const name = f("name");
  const type = f("businessType");
  const email = f("email");
  const phone = f("phone");
  const street = f("street");
  const city = f("city");
  const state = f("state");
  const zip = f("zip");
  const areas = f("serviceAreas");
  const description = f("description");
  const booking = f("bookingUrl");

  // After a successful save the loader re-runs; the form shows the saved (normalised) values.
  const formRef = useResetOnSuccess(result);

  return (
    <SectionCard id="profile-heading" title="Business Profile" description="How your business appears to visitors and in the chatbot's answers.">
      <fetcher.Form
        ref={formRef}
        method="post"
        {...formProps}
        className="space-y-5"
        key={JSON.stringify(profile)}
      >
        <input type="hidden" name="intent" value="profile" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={name} label="Business name" defaultValue={profile.name} required autoComplete="organization" />
          <SelectField field={type} label="Business type" defaultValue={profile.businessType} options={BUSINESS_TYPES} />
          <TextField field={email} label="Email" type="email" defaultValue={profile.email} autoComplete="email" />
          <TextField field={phone} label="Phone" type="tel" defaultValue={profile.phone} autoComplete="tel" />
          <TextField field={street} label="Street" className="sm:col-span-2" defaultValue={profile.street} autoComplete="street-address" />
          <TextField field={city} label="City" defaultValue={profile.city} autoComplete="address-level2" />
          <div className="grid grid-cols-2 gap-4">
            <TextField field={state} label="State" defaultValue={profile.state} autoComplete="address-level1" />
            <TextField field={zip} label="ZIP" defaultValue={profile.zip} autoComplete="postal-code" />
          </div>
          <TextField field={areas} label="Service areas" className="sm:col-span-2" defaultValue={profile.serviceAreas} hint="Separate areas with commas, e.g. Springfield, Chatham, Rochester." />
          <TextareaField field={description} label="Business description" className="sm:col-span-2" defaultValue={profile.description} rows={4} hint="Used in AI responses to clients." />
          <TextField
            field={booking}
            label="Booking link"
            className="sm:col-span-2"
            type="url"
            inputMode="url"
            defaultValue={profile.bookingUrl}
            placeholder="https://calendly.com/your-business"
            hint={<>Your own scheduling page. The Appointment scheduler automation sends it as {"{bookingLink}"}.</>}
          />
        </div>
        <ResultMessage result={clientFailed ? null : result} />
        <div className="flex flex-wrap gap-3">
          <SaveButton busy={busy} />
          <Button
 type="button"
            variant="secondary"
            onClick={() => {
              formRef.current?.reset();
              clearClientErrors();
            }}
          >
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}

function LogoForm({ logoUrl, businessName }: { logoUrl: string | null; businessName: string }) {
  const upload = useFetcher<SettingsActionResult>({ key: "settings-logo" });
  const [clientError, setClientError] = useState<string | null>(null);
  const result = useSectionResult(upload, ["logo-upload", "logo-remove"]);
  const busy = upload.state !== "idle";
  const inputId = useId();

  const formRef = useResetOnSuccess(result);

  return (
    <SectionCard id="logo-heading" title="Logo" description="PNG, JPEG or WebP, up to 2 MB.">
      <div className="flex flex-wrap items-start gap-6">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {logoUrl ? (
            <img src={logoUrl} alt={`${businessName} logo`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="px-2 text-center text-xs text-slate-600">No logo yet</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <upload.Form
            ref={formRef}
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              const file = (new FormData(event.currentTarget).get("logo") as File | null) ?? null;
              const problem = !file || file.size === 0 ? LOGO_MESSAGES.missing : file.size > LOGO_MAX_BYTES ? LOGO_MESSAGES.tooLarge : null;
              setClientError(problem);
              if (problem) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="logo-upload" />
            <div className="min-w-0 max-w-full">
              <label htmlFor={inputId} className={labelClass}>
                {logoUrl ? "Replace logo" : "Upload logo"}
              </label>
              <input
                id={inputId}
                name="logo"
                type="file"
                accept={LOGO_ACCEPT}
                className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
              />
            </div>
            <Button type="submit" loading={busy} variant="secondary">
              {busy && upload.formData?.get("intent") === "logo-upload" ? "Uploading..." : "Upload"}
            </Button>
          </upload.Form>
          {logoUrl ? (
            <upload.Form method="post">
              <input type="hidden" name="intent" value="logo-remove" />
              <Button type="submit" loading={busy} variant="danger" size="sm">
                Remove logo
              </Button>
            </upload.Form>
          ) : null}
          <ResultMessage result={clientError ? { ok: false, error: clientError } : result} />
        </div>
      </div>
    </SectionCard>
  );
}

// /app/settings/account: every member's own profile (issue 32 item 1): the name visitors see when the
// member joins a chat ("Maria from Spotless Pro Janitorial joined the chat") and the avatar's initials.
// Owners and support staff alike; only the signed-in user's own row is written.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { failure, parseFormData, success, type ActionResult } from "#shared/forms/action-result.ts";
import { INITIALS_MAX, initialsFromName, PERSON_NAME_MAX, profileSchema, visitorFacingName } from "#shared/auth/person-name.ts";
import { getOwnProfile, updateOwnProfile } from "#server/team/profile.server.ts";
import { inputClass, labelClass, ResultMessage, SectionCard } from "~/components/settings/ui";
import { TextField, SaveButton } from "~/components/forms";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { useSchemaForm } from "~/lib/forms";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Your profile");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const profile = await getOwnProfile(context.services.db, workspace.userId);
  return { profile, businessName: workspace.business.name, role: workspace.role };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const parsed = parseFormData(await request.formData(), profileSchema);
  if (!parsed.ok) return data<ActionResult>(failure(parsed.error, parsed.fieldErrors), { status: 400 });
  await updateOwnProfile(context.services.db, workspace.userId, parsed.value);
  return data<ActionResult>(success(undefined, "Profile saved."));
}

export default function AccountSettings() {
  const { profile, businessName } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [name, setName] = useState(profile.displayName);
  const [initials, setInitials] = useState(profile.initials ?? "");
  const { formProps, fields } = useSchemaForm("profile", profileSchema, result ?? undefined);
  /** A controlled text input of the form, with its first error. */
  const textProps = (key: "displayName" | "initials", value: string, set: (value: string) => void) => ({
    field: { id: key, name: key, error: fields[key]?.errors?.[0] },
    type: "text",
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  });
  const avatar = initials.trim().toUpperCase() || initialsFromName(name || profile.email.split("@")[0] || "");

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Your profile</h1>
      <SectionCard id="profile-heading" title="Name and avatar" description="Visitors see your name when you join a chat; your team sees it next to your notes.">
        <Form method="post" className="space-y-4" {...formProps}>
          <ResultMessage result={result} />
          <div className="flex items-center gap-3">
            <span aria-hidden="true" data-testid="avatar-preview" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
              {avatar}
            </span>
            <p className="text-sm text-slate-700" data-testid="visitor-preview">
              Visitors read: "{visitorFacingName({ displayName: name })} from {businessName} joined the chat"
            </p>
          </div>
          <TextField {...textProps("displayName", name, setName)} label="Your name" autoComplete="name" maxLength={PERSON_NAME_MAX} />
          <TextField
            {...textProps("initials", initials, setInitials)}
            label="Initials (optional)"
            hint="Shown in your avatar. Leave empty to use the first letters of your name."
            maxLength={INITIALS_MAX}
            inputClassName={`${inputClass} max-w-[8rem] uppercase`}
          />
          <div>
            <p className={labelClass}>Email</p>
            <p className="mt-1 text-slate-900">{profile.email}</p>
          </div>
          <SaveButton busy={saving} />
        </Form>
      </SectionCard>
    </div>
  );
}

import { Link } from "@remix-run/react";
import { useId } from "react";
import {
  centsToDollars,
  HOURS_END_OPTIONS,
  HOURS_START_OPTIONS,
  QUALIFICATION_QUESTIONS,
  SERVICE_TYPE_OPTIONS,
  TIME_ZONE_OPTIONS,
  WEEKDAY_OPTIONS,
  type ChatbotSettingsValues,
  type FieldErrors,
} from "#shared/chatbots/settings.ts";
import { ErrorList, Field, fieldProps, inputClass, labelClass, SelectField, TextareaField, TextField } from "~/components/forms";

/** The form's values, and the questions as the chatbot asks them (the owner's wording, decision 0062). */
export type SettingsValues = ChatbotSettingsValues & { questionList?: string[] };

export function QualificationQuestions({ list = QUALIFICATION_QUESTIONS }: { list?: readonly string[] }) {
  return (
    <div>
      <p className={labelClass}>Qualification questions</p>
      <p className="mt-1 text-sm text-slate-600">
        The chatbot asks these in order (read-only), each with quick replies; visitors may skip any of them.
      </p>
      <ol className="mt-2 list-decimal space-y-1 rounded-lg bg-slate-50 py-3 pr-3 pl-8 text-sm text-slate-800">
        {list.map((q) => (
          <li key={q}>{q}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The chatbot settings (spec §2.14). "full" shows every field (Settings tab); "modal" shows the
 * customisation modal's fields and carries the others as hidden inputs, so both save the same settings.
 */
export function SettingsFields({
  values,
  errors,
  variant,
}: {
  values: SettingsValues;
  errors: FieldErrors;
  variant: "full" | "modal";
}) {
  const prefix = useId().replace(/:/g, "");
  const full = variant === "full";
  const businessName = fieldProps(prefix, "businessName", errors);
  const welcome = fieldProps(prefix, "welcomeMessage", errors);
  const areas = fieldProps(prefix, "serviceAreas", errors);
  const start = fieldProps(prefix, "hoursStart", errors);
  const end = fieldProps(prefix, "hoursEnd", errors);
  const days = fieldProps(prefix, "hoursDays", errors);
  const zone = fieldProps(prefix, "timeZone", errors);
  const afterHours = fieldProps(prefix, "afterHoursMessage", errors);
  const types = fieldProps(prefix, "serviceTypes", errors);
  const price = fieldProps(prefix, "marketPrice", errors);
  const accent = fieldProps(prefix, "accentColor", errors);
  const typeChoices = [...new Set([...SERVICE_TYPE_OPTIONS, ...values.serviceTypes])];
  const zones = TIME_ZONE_OPTIONS.includes(values.timeZone as (typeof TIME_ZONE_OPTIONS)[number])
    ? [...TIME_ZONE_OPTIONS]
    : [values.timeZone, ...TIME_ZONE_OPTIONS];

  return (
    <div className="space-y-5">
      <TextField field={businessName} label="Business name" type="text" required maxLength={100} defaultValue={values.businessName} />
      <TextareaField field={welcome} label="Welcome message" required maxLength={500} rows={3} defaultValue={values.welcomeMessage} />
      <Field field={areas} label="Service areas">
        <input {...areas.input} type="text" defaultValue={values.serviceAreas.join(", ")} className={inputClass} />
        <p className="mt-1 text-sm text-slate-600">Separate areas with commas, e.g. Springfield, Chatham, Rochester.</p>
      </Field>

      {!full ? <QualificationQuestions list={values.questionList} /> : null}

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{full ? "Business hours" : "Operating hours"}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={start} label="Opens at" defaultValue={values.hoursStart} options={HOURS_START_OPTIONS.map((o) => [o.value, o.label])} />
          <SelectField field={end} label="Closes at" defaultValue={values.hoursEnd} options={HOURS_END_OPTIONS.map((o) => [o.value, o.label])} />
        </div>
        {full ? (
          <>
            <fieldset aria-describedby={days.error ? days.errorId : undefined}>
              <legend className={labelClass}>Open on</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WEEKDAY_OPTIONS.map((d) => (
                  <label
                    key={d.value}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input type="checkbox" name="hoursDays" value={d.value} defaultChecked={values.hoursDays.includes(d.value)} />
                    <span aria-hidden="true">{d.short}</span>
                    <span className="sr-only">{d.label}</span>
                  </label>
                ))}
              </div>
              <ErrorList id={days.errorId} errors={days.error} />
            </fieldset>
            <SelectField field={zone} label="Time zone" defaultValue={values.timeZone} options={zones.map((z) => [z, z.replace(/_/g, " ")])} />
          </>
        ) : (
          <>
            {values.hoursDays.map((d) => (
              <input key={d} type="hidden" name="hoursDays" value={d} />
            ))}
            <input type="hidden" name="timeZone" value={values.timeZone} />
          </>
        )}
      </fieldset>

      {full ? (
        <>
          <Field field={afterHours} label="After-hours response">
            <textarea
              {...afterHours.input}
              required
              maxLength={500}
              rows={2}
              defaultValue={values.afterHoursMessage}
              className={inputClass}
            />
            <p className="mt-1 text-sm text-slate-600">What the chatbot tells visitors outside your business hours.</p>
          </Field>
          <fieldset aria-describedby={types.error ? types.errorId : undefined}>
            <legend className={labelClass}>Service types</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {typeChoices.map((t) => (
                <label key={t} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="serviceTypes" value={t} defaultChecked={values.serviceTypes.includes(t)} />
                  {t}
                </label>
              ))}
            </div>
            <ErrorList id={types.errorId} errors={types.error} />
          </fieldset>
          <p className="text-sm text-slate-700">
            Qualification questions: reword them, order the contact questions and add your own under{" "}
            <a href="#questions" className="font-semibold text-brand-700 underline">
              Qualification questions
            </a>{" "}
            below.
          </p>
          <Field field={price} label="Market price (per 1,000 sq ft per visit, USD)">
            <div className="relative mt-1 max-w-xs">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
                $
              </span>
              <input
                {...price.input}
                type="text"
                inputMode="decimal"
                required
                defaultValue={centsToDollars(values.marketPriceCents)}
                className={`${inputClass} mt-0 pl-7`}
              />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              Used to compare a visitor's budget with the expected monthly cost (size × price × visits a month). Never shown to visitors.
            </p>
          </Field>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            The websites allowed to show your chatbot are set on the{" "}
            <Link to="?tab=installation#allowed-origins" className="font-semibold text-brand-700 underline">
              Installation
            </Link>{" "}
            tab, beside the snippet.
          </p>
          <div>
            <label htmlFor={accent.id} className={labelClass}>
              Accent colour
            </label>
            <input {...accent.input} type="color" defaultValue={values.accentColor} className="mt-1 h-10 w-20 rounded border border-slate-300" />
            <ErrorList id={accent.errorId} errors={accent.error} />
          </div>
        </>
      ) : (
        <>
          <input type="hidden" name="afterHoursMessage" value={values.afterHoursMessage} />
          {values.serviceTypes.map((t) => (
            <input key={t} type="hidden" name="serviceTypes" value={t} />
          ))}
          <input type="hidden" name="marketPrice" value={centsToDollars(values.marketPriceCents)} />
          <input type="hidden" name="accentColor" value={values.accentColor} />
        </>
      )}
    </div>
  );
}

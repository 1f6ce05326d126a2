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
  type ChatbotSettingsField,
  type ChatbotSettingsValues,
  type FieldErrors,
} from "#shared/chatbots/settings.ts";
import { inputClass, labelClass, selectClass } from "./ui";

/** The form's values, and the questions as the chatbot asks them (the owner's wording, decision 0062). */
export type SettingsValues = ChatbotSettingsValues & { questionList?: string[] };

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** Text input / textarea / select with its label and error, wired with aria-invalid and aria-describedby. */
function useField(prefix: string, name: ChatbotSettingsField, errors: FieldErrors) {
  const id = `${prefix}-${name}`;
  const errorId = `${id}-error`;
  const error = errors[name];
  return {
    id,
    errorId,
    error,
    props: { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined },
  };
}

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
  const businessName = useField(prefix, "businessName", errors);
  const welcome = useField(prefix, "welcomeMessage", errors);
  const areas = useField(prefix, "serviceAreas", errors);
  const start = useField(prefix, "hoursStart", errors);
  const end = useField(prefix, "hoursEnd", errors);
  const days = useField(prefix, "hoursDays", errors);
  const zone = useField(prefix, "timeZone", errors);
  const afterHours = useField(prefix, "afterHoursMessage", errors);
  const types = useField(prefix, "serviceTypes", errors);
  const price = useField(prefix, "marketPrice", errors);
  const accent = useField(prefix, "accentColor", errors);
  const typeChoices = [...new Set([...SERVICE_TYPE_OPTIONS, ...values.serviceTypes])];
  const zones = TIME_ZONE_OPTIONS.includes(values.timeZone as (typeof TIME_ZONE_OPTIONS)[number])
    ? [...TIME_ZONE_OPTIONS]
    : [values.timeZone, ...TIME_ZONE_OPTIONS];

  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={businessName.id} className={labelClass}>
          Business name
        </label>
        <input {...businessName.props} type="text" required maxLength={100} defaultValue={values.businessName} className={inputClass} />
        <FieldError id={businessName.errorId} message={businessName.error} />
      </div>
      <div>
        <label htmlFor={welcome.id} className={labelClass}>
          Welcome message
        </label>
        <textarea {...welcome.props} required maxLength={500} rows={3} defaultValue={values.welcomeMessage} className={inputClass} />
        <FieldError id={welcome.errorId} message={welcome.error} />
      </div>
      <div>
        <label htmlFor={areas.id} className={labelClass}>
          Service areas
        </label>
        <input {...areas.props} type="text" defaultValue={values.serviceAreas.join(", ")} className={inputClass} />
        <p className="mt-1 text-sm text-slate-600">Separate areas with commas, e.g. Springfield, Chatham, Rochester.</p>
        <FieldError id={areas.errorId} message={areas.error} />
      </div>

      {!full ? <QualificationQuestions list={values.questionList} /> : null}

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{full ? "Business hours" : "Operating hours"}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={start.id} className={labelClass}>
              Opens at
            </label>
            <select {...start.props} defaultValue={values.hoursStart} className={selectClass}>
              {HOURS_START_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError id={start.errorId} message={start.error} />
          </div>
          <div>
            <label htmlFor={end.id} className={labelClass}>
              Closes at
            </label>
            <select {...end.props} defaultValue={values.hoursEnd} className={selectClass}>
              {HOURS_END_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError id={end.errorId} message={end.error} />
          </div>
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
              <FieldError id={days.errorId} message={days.error} />
            </fieldset>
            <div>
              <label htmlFor={zone.id} className={labelClass}>
                Time zone
              </label>
              <select {...zone.props} defaultValue={values.timeZone} className={selectClass}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, " ")}
                  </option>
                ))}
              </select>
              <FieldError id={zone.errorId} message={zone.error} />
            </div>
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
          <div>
            <label htmlFor={afterHours.id} className={labelClass}>
              After-hours response
            </label>
            <textarea
              {...afterHours.props}
              required
              maxLength={500}
              rows={2}
              defaultValue={values.afterHoursMessage}
              className={inputClass}
            />
            <p className="mt-1 text-sm text-slate-600">What the chatbot tells visitors outside your business hours.</p>
            <FieldError id={afterHours.errorId} message={afterHours.error} />
          </div>
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
            <FieldError id={types.errorId} message={types.error} />
          </fieldset>
          <p className="text-sm text-slate-700">
            Qualification questions: reword them, order the contact questions and add your own under{" "}
            <a href="#questions" className="font-semibold text-brand-700 underline">
              Qualification questions
            </a>{" "}
            below.
          </p>
          <div>
            <label htmlFor={price.id} className={labelClass}>
              Market price (per 1,000 sq ft per visit, USD)
            </label>
            <div className="relative mt-1 max-w-xs">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
                $
              </span>
              <input
                {...price.props}
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
            <FieldError id={price.errorId} message={price.error} />
          </div>
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
            <input {...accent.props} type="color" defaultValue={values.accentColor} className="mt-1 h-10 w-20 rounded border border-slate-300" />
            <FieldError id={accent.errorId} message={accent.error} />
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

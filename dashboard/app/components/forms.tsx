// The one set of form pieces every dashboard form uses (decision 0064; the Epic Stack's
// app/components/forms.tsx is the model): the focus ring and input classes defined once, an ErrorList,
// and fields that put a label, an input and its errors together, wired with aria-invalid and
// aria-describedby. A field is described by `FieldMeta` (id, name, first error), which the settings
// sections get from fieldProps() and the Conform forms from conformField().
import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { FieldErrors } from "#shared/forms/action-result.ts";
import { Button, type ButtonProps } from "./ui/Button";

/** The keyboard focus ring of links, buttons and tabs. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Text inputs, textareas and selects. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";
export const selectClass = inputClass;
export const labelClass = "block text-sm font-medium text-slate-800";
export const hintClass = "mt-1 text-sm text-slate-600";

/** One field's identity and its first error. No name: a control whose form the page submits by script. */
export type FieldMeta = { id: string; name?: string; error?: string | undefined };

/** A field of a form whose errors are keyed by name (settings sections): ids from `prefix`. */
export function fieldProps(prefix: string, name: string, errors: FieldErrors | undefined) {
  const id = `${prefix}-${name}`;
  const errorId = `${id}-error`;
  const error = errors?.[name];
  return {
    id,
    name,
    errorId,
    error,
    input: { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined },
  };
}

/** A Conform field as FieldMeta (its first error). */
export function conformField(field: FieldMetadata<unknown>): FieldMeta {
  return { id: field.id, name: field.name, error: field.errors?.[0] };
}

const errorIdOf = (field: FieldMeta) => `${field.id}-error`;
const hintIdOf = (field: FieldMeta) => `${field.id}-hint`;

/** The aria wiring of an input to its hint and error. */
export function describedBy(field: FieldMeta, hint?: ReactNode) {
  const ids = [hint ? hintIdOf(field) : "", field.error ? errorIdOf(field) : ""].filter(Boolean).join(" ");
  return { id: field.id, name: field.name, "aria-invalid": field.error ? true : undefined, "aria-describedby": ids || undefined };
}

/** A field's errors (none renders nothing). */
export function ErrorList({ id, errors }: { id?: string; errors: readonly (string | null | undefined)[] | string | null | undefined }) {
  const list = (typeof errors === "string" ? [errors] : (errors ?? [])).filter((e): e is string => Boolean(e));
  if (list.length === 0) return null;
  if (list.length === 1) {
    return (
      <p id={id} className="mt-1 text-sm text-red-700">
        {list[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm text-red-700">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Below a control: its hint, then its errors. */
function FieldFoot({ field, hint }: { field: FieldMeta; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={hintIdOf(field)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorIdOf(field)} errors={field.error} />
    </>
  );
}

type FieldFrame = { field: FieldMeta; label: ReactNode; hint?: ReactNode; className?: string };

/** A label, the control, an optional hint and the field's errors. */
export function Field({ field, label, hint, className, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldFoot field={field} hint={hint} />
    </div>
  );
}

type Omitted = "id" | "name" | "className";

export function TextField({ field, label, hint, className, inputClassName, ...input }: FieldFrame & { inputClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted>) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <input {...input} {...describedBy(field, hint)} className={inputClassName ?? inputClass} />
    </Field>
  );
}

export function TextareaField({ field, label, hint, className, ...textarea }: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Omitted>) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <textarea {...textarea} {...describedBy(field, hint)} className={inputClass} />
    </Field>
  );
}

export function SelectField({
  field,
  label,
  hint,
  className,
  selectClassName,
  options,
  ...select
}: FieldFrame & { selectClassName?: string; options: readonly (string | readonly [value: string, text: string])[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, Omitted>) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <select {...select} {...describedBy(field, hint)} className={selectClassName ?? selectClass}>
        {options.map((option) => {
          const [value, text] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it, an optional hint below, and its errors. */
export function CheckboxField({ field, label, hint, className, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted | "type">) {
  return (
    <div className={className}>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input type="checkbox" {...input} {...describedBy(field, hint)} className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600" />
        <span>{label}</span>
      </label>
      <FieldFoot field={field} hint={hint} />
    </div>
  );
}

/** The form-level error (role=alert) and the success notice (role=status). */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

export function FormNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {message}
    </div>
  );
}

/** A form's submit button: "Saving..." and busy while its action runs, `label` ("Save") otherwise. */
export function SaveButton({ busy, label = "Save", ...button }: { busy: boolean; label?: ReactNode } & Omit<ButtonProps, "type" | "loading" | "children">) {
  return (
    <Button type="submit" loading={busy} {...button}>
      {busy ? "Saving..." : label}
    </Button>
  );
}

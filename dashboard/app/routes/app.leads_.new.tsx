import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { createLead } from "#server/leads/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { failure, failureStatus, parseFormData } from "#shared/forms/action-result.ts";
import { formFields, FREQUENCY_OPTIONS, manualLeadSchema, TIMELINE_OPTIONS } from "#shared/leads/lead-input.ts";
import { FormError } from "~/components/auth/AuthCard";
import { cardClass, linkClass, smallInputClass } from "~/components/leads/classes";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { useSchemaForm } from "~/lib/forms";
import { requireOwner } from "~/lib/session.server";
import { buttonClasses } from "~/components/ui/Button";
import { SaveButton } from "~/components/forms";

export const meta = workspaceMeta("Add Lead");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const form = await request.formData();
  // The schema the browser ran (Conform): the first message for the form, one per field.
  const checked = parseFormData(form, manualLeadSchema);
  if (!checked.ok) return data(checked, { status: 400 });
  const result = await createLead(
    commandContext(context.services, context.realtime),
    { businessId: workspace.business.id, fields: formFields(form) },
    { source: "manual", actorUserId: workspace.userId },
  );
  if (!result.ok) return data(failure(result.error), { status: failureStatus(result.reason) });
  return redirect(`/app/leads/${result.value.leadId}`);
}

export default function NewLeadPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  // Checked in the browser before it is sent; a refused form keeps what was typed (nothing remounts).
  const { fields, formProps, formError, errorId } = useSchemaForm("new-lead", manualLeadSchema, actionData);
  const invalid = (name: string) => (fields[name as keyof typeof fields]?.errors ? true : undefined);
  const text = (name: string, label: string, props: { type?: string; autoComplete?: string; inputMode?: "numeric" | "decimal"; placeholder?: string; hint?: string } = {}) => (
    <div>
      <label htmlFor={`lead-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`lead-${name}`}
        name={name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete ?? "off"}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        aria-invalid={invalid(name)}
        aria-describedby={[props.hint ? `lead-${name}-hint` : null, invalid(name) ? errorId : null].filter(Boolean).join(" ") || undefined}
        className={smallInputClass}
      />
      {props.hint ? (
        <p id={`lead-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
  // A choice that may be left unanswered ("Not known").
  const choice = (name: string, label: string, options: readonly (readonly [value: string, text: string])[]) => (
    <div>
      <label htmlFor={`lead-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`lead-${name}`} name={name} defaultValue="" aria-invalid={invalid(name)} className={smallInputClass}>
        <option value="">Not known</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/leads" className={linkClass}>
        ← All leads
      </Link>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Add a lead</h1>
        <p className="mt-1 text-slate-600">
          A lead from a phone call or a referral. It is scored like the chatbot's leads; unanswered factors count as 4 points.
        </p>
      </header>
      <Form method="post" className={`${cardClass} space-y-6`} {...formProps}>
        <FormError id={errorId} message={formError} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Contact</legend>
          {text("name", "Name (required)", { autoComplete: "off" })}
          {text("company", "Company")}
          {text("email", "Email", { type: "email", hint: "An email address or a phone number is required." })}
          {text("phone", "Phone", { type: "tel" })}
          {text("serviceType", "Service type", { placeholder: "e.g. Regular Commercial Cleaning" })}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Qualification</legend>
          {text("buildingSize", "Building size (sq ft)", { inputMode: "numeric", placeholder: "e.g. 12,000" })}
          {choice("frequency", "Cleaning frequency", FREQUENCY_OPTIONS)}
          {text("budget", "Monthly budget (USD)", { inputMode: "decimal", placeholder: "e.g. 2,500" })}
          {choice("timeline", "Timeline", TIMELINE_OPTIONS)}
        </fieldset>
        <div>
          <label htmlFor="lead-note" className="block text-sm font-medium text-slate-800">
            Note
          </label>
          <textarea id="lead-note" name="note" rows={3} maxLength={2000} aria-invalid={invalid("note")} className={smallInputClass} />
        </div>
        <div className="flex gap-3">
          <SaveButton busy={submitting} label="Add Lead" />
          <Link to="/app/leads" className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

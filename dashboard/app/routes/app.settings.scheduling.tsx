// Settings → Scheduling (issue 31): when visitors can book a walkthrough in the chat, in the business's
// time zone. Owners only. A page of its own for now; the lead folds it into the nested settings layout.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { commandContext } from "#server/events/command-context.server.ts";
import { saveAvailability, schedulingSettingsView } from "#server/appointments/settings.server.ts";
import { availabilityFromForm, WEEKDAY_KEYS, WEEKDAY_LABELS, windowsText, type Availability } from "#shared/appointments/availability.ts";
import { failureStatus, type ActionResult } from "#shared/forms/action-result.ts";
import { ErrorList, inputClass, labelClass, ResultMessage, SectionCard, selectClass } from "~/components/settings/ui";
import { Button } from "~/components/ui/Button";
import { requireOwner } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Scheduling · Settings · LeadBroom" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return schedulingSettingsView(context.services.db, workspace.business.id);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const form = await request.formData();
  const result = await saveAvailability(commandContext(context.services, context.realtime), { businessId: workspace.business.id, input: availabilityFromForm(form) });
  // The chat reads "does this business book?" with its cached chatbot: forget it, so the change shows at once.
  if (result.ok) context.services.chatbotCache.forgetBusiness(workspace.business.id);
  return data<ActionResult<Availability>>(result, { status: result.ok ? 200 : failureStatus("invalid") });
}

const NUMBERS: { name: keyof Availability; label: string; hint: string }[] = [
  { name: "visitMinutes", label: "Visit length (minutes)", hint: "Default 45" },
  { name: "bufferMinutes", label: "Buffer between visits (minutes)", hint: "Travel and notes" },
  { name: "minNoticeHours", label: "Minimum notice (hours)", hint: "Default 24" },
  { name: "horizonDays", label: "How far ahead (days)", hint: "Default 21" },
  { name: "maxPerDay", label: "Maximum visits per day", hint: "For the whole team" },
];

export default function SchedulingSettings() {
  const { availability, members, timeZone } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult<Availability>>();
  const result = fetcher.data;
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const busy = fetcher.state !== "idle";
  const described = (name: string) => (errors?.[name] ? { "aria-invalid": true, "aria-describedby": `scheduling-${name}-error` } : {});
  return (
    <div className="space-y-4">
      <SectionCard
        id="scheduling-heading"
        title="Scheduling"
        description={`Visitors who qualify can book a free walkthrough in the chat. Times are in your business's time zone (${timeZone}).`}
      >
        <fetcher.Form method="post" className="space-y-5" noValidate>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" name="enabled" defaultChecked={availability.enabled} className="h-4 w-4" />
            Offer booking in the chat
          </label>
          <div>
            <label htmlFor="scheduling-offerTo" className={labelClass}>
              Offer booking to
            </label>
            <select id="scheduling-offerTo" name="offerTo" defaultValue={availability.offerTo} className={selectClass}>
              <option value="high_medium">High and Medium priority leads</option>
              <option value="high">High priority leads only</option>
            </select>
          </div>
          <fieldset {...described("windows")}>
            <legend className={labelClass}>Weekly availability</legend>
            <p className="text-sm text-slate-600">One or more windows a day, e.g. 09:00-12:00, 13:00-17:00. Leave a day empty for no visits.</p>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {WEEKDAY_KEYS.map((day) => (
                <div key={day}>
                  <label htmlFor={`scheduling-day${day}`} className="block text-sm text-slate-700">
                    {WEEKDAY_LABELS[Number(day)]}
                  </label>
                  <input id={`scheduling-day${day}`} name={`day${day}`} defaultValue={windowsText(availability.windows[day])} placeholder="No visits" className={inputClass} />
                </div>
              ))}
            </div>
            <ErrorList id="scheduling-windows-error" errors={errors?.windows} />
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            {NUMBERS.map((n) => (
              <div key={n.name}>
                <label htmlFor={`scheduling-${n.name}`} className={labelClass}>
                  {n.label}
                </label>
                <input id={`scheduling-${n.name}`} name={n.name} type="number" inputMode="numeric" defaultValue={String(availability[n.name])} className={inputClass} {...described(n.name)} />
                <p className="mt-1 text-xs text-slate-500">{n.hint}</p>
                <ErrorList id={`scheduling-${n.name}-error`} errors={errors?.[n.name]} />
              </div>
            ))}
          </div>
          <div>
            <label htmlFor="scheduling-daysOff" className={labelClass}>
              Days off
            </label>
            <textarea id="scheduling-daysOff" name="daysOff" rows={2} defaultValue={availability.daysOff.join("\n")} placeholder="2026-12-24" className={inputClass} {...described("daysOff")} />
            <p className="mt-1 text-xs text-slate-500">One date a line (YYYY-MM-DD).</p>
            <ErrorList id="scheduling-daysOff-error" errors={errors?.daysOff} />
          </div>
          <fieldset {...described("memberIds")}>
            <legend className={labelClass}>Team members who take visits</legend>
            <p className="text-sm text-slate-600">Visits are shared round-robin among them.</p>
            <ul className="mt-2 space-y-1">
              {members.map((m) => (
                <li key={m.userId}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" name="memberIds" value={m.userId} defaultChecked={availability.memberIds.includes(m.userId)} className="h-4 w-4" />
                    {m.name} <span className="text-slate-500">({m.email})</span>
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList id="scheduling-memberIds-error" errors={errors?.memberIds} />
          </fieldset>
          <ResultMessage result={result} />
          <Button type="submit" loading={busy}>
            {busy ? "Saving…" : "Save scheduling"}
          </Button>
        </fetcher.Form>
      </SectionCard>
    </div>
  );
}

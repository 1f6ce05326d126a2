// The lead page's walkthrough visits (issue 31): each visit with its time, assignee and status; an active
// one can be moved to a free time, reassigned to another member who takes visits, or cancelled, and after
// it starts marked completed or no-show. Without one, a member books a free time for the lead. The forms
// post by one fetcher of the card: the pressed button shows its progress, and the answer stays at the top
// of the card while the lead page reloads under it (a cancelled visit's form is gone by then).
import { useFetcher } from "@remix-run/react";
import type { ActionResult } from "#shared/forms/action-result.ts";
import { APPOINTMENT_STATUS_LABELS } from "#shared/appointments/format.ts";
import { ResultMessage } from "~/components/settings/ui";
import { SelectField } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { Card, type LeadDetailData } from "./LeadDetailParts";

type Panel = LeadDetailData["appointments"];
type Item = Panel["items"][number];

function Choice({ id, name, label, options }: { id: string; name: string; label: string; options: { value: string; label: string }[] }) {
  return <SelectField field={{ id, name }} label={label} className="min-w-0 flex-1" required options={options.map((o) => [o.value, o.label])} />;
}

const SlotSelect = ({ id, slots, label }: { id: string; slots: Panel["slots"]; label: string }) => (
  <Choice id={id} name="startsAt" label={label} options={slots.map((s) => ({ value: s.startsAt, label: s.label }))} />
);

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;
/** Whether the card's fetcher is sending this intent. */
const sending = (fetcher: Fetcher, intent: string) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;

function ActiveVisit({ item, panel, leadId, fetcher }: { item: Item; panel: Panel; leadId: string; fetcher: Fetcher }) {
  const busy = fetcher.state !== "idle";
  const started = new Date(item.startsAt).getTime() <= Date.now();
  const others = panel.members.filter((m) => m.id !== item.assigneeUserId);
  return (
    <div className="space-y-4">
      {started ? null : panel.slots.length ? (
        <fetcher.Form method="post" className="space-y-2" aria-label="Move the visit">
          <input type="hidden" name="intent" value="appointment-move" />
          <input type="hidden" name="appointmentId" value={item.id} />
          <div className="flex flex-wrap items-end gap-2">
            <SlotSelect id={`move-${item.id}`} slots={panel.slots} label="Move to" />
            <Button type="submit" variant="secondary" disabled={busy} loading={sending(fetcher, "appointment-move")}>
              {sending(fetcher, "appointment-move") ? "Moving..." : "Move visit"}
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-slate-600">No other free times to move it to{panel.enabled ? "" : " (online booking is off in Settings → Scheduling)"}.</p>
      )}
      {others.length ? (
        <fetcher.Form method="post" className="space-y-2" aria-label="Reassign the visit">
          <input type="hidden" name="intent" value="appointment-reassign" />
          <input type="hidden" name="appointmentId" value={item.id} />
          <div className="flex flex-wrap items-end gap-2">
            <Choice id={`reassign-${item.id}`} name="assigneeUserId" label="Reassign to" options={others.map((m) => ({ value: m.id, label: m.name }))} />
            <Button type="submit" variant="secondary" disabled={busy} loading={sending(fetcher, "appointment-reassign")}>
              {sending(fetcher, "appointment-reassign") ? "Reassigning..." : "Reassign"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
      <fetcher.Form method="post" className="space-y-2" aria-label="Cancel or close the visit">
        <input type="hidden" name="appointmentId" value={item.id} />
        <input type="hidden" name="leadId" value={leadId} />
        <div className="flex flex-wrap gap-2">
          {started ? (
            <>
              <Button type="submit" variant="secondary" name="intent" value="appointment-completed" disabled={busy} loading={sending(fetcher, "appointment-completed")}>
                Completed
              </Button>
              <Button type="submit" variant="secondary" name="intent" value="appointment-no_show" disabled={busy} loading={sending(fetcher, "appointment-no_show")}>
                No-show
              </Button>
            </>
          ) : null}
          <Button type="submit" variant="danger" name="intent" value="appointment-cancel" disabled={busy} loading={sending(fetcher, "appointment-cancel")}>
            {sending(fetcher, "appointment-cancel") ? "Cancelling..." : "Cancel visit"}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function BookVisit({ panel, leadId, fetcher }: { panel: Panel; leadId: string; fetcher: Fetcher }) {
  if (!panel.enabled) return <p className="text-sm text-slate-600">Turn on online booking in Settings → Scheduling to book visits here and in the chat.</p>;
  if (!panel.slots.length) return <p className="text-sm text-slate-600">No free times in the next weeks.</p>;
  return (
    <fetcher.Form method="post" className="space-y-2" aria-label="Book a visit">
      <input type="hidden" name="intent" value="appointment-book" />
      <input type="hidden" name="leadId" value={leadId} />
      <div className="flex flex-wrap items-end gap-2">
        <SlotSelect id="book-visit" slots={panel.slots} label="Book a visit at" />
        <Button type="submit" loading={sending(fetcher, "appointment-book")}>
          {sending(fetcher, "appointment-book") ? "Booking..." : "Book visit"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function AppointmentsCard({ detail }: { detail: LeadDetailData }) {
  const panel = detail.appointments;
  const active = panel.items.find((i) => i.status === "booked" || i.status === "rescheduled");
  const fetcher = useFetcher<ActionResult>();
  return (
    <Card id="appointments" title="Walkthrough visit">
      <div className="mb-3" aria-live="polite">
        {fetcher.state === "idle" ? <ResultMessage result={fetcher.data} /> : null}
      </div>
      <ul className="space-y-2" data-testid="lead-appointments">
        {panel.items.length === 0 ? <li className="text-sm text-slate-700">No visit booked.</li> : null}
        {panel.items.map((item) => (
          <li key={item.id} className={`rounded-xl border p-3 text-sm ${item === active ? "border-brand-200 bg-brand-50" : "border-slate-200"}`}>
            <p className="font-semibold text-slate-900">{item.when}</p>
            <p className="text-slate-700">
              {APPOINTMENT_STATUS_LABELS[item.status] ?? item.status}
              {item.assignee ? ` · ${item.assignee}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-4">{active ? <ActiveVisit item={active} panel={panel} leadId={detail.lead.id} fetcher={fetcher} /> : <BookVisit panel={panel} leadId={detail.lead.id} fetcher={fetcher} />}</div>
    </Card>
  );
}

// The lead page's automation steps (issue 17): which automations ran for this lead, and which steps
// are still pending, with each failure's or skip's reason.
import { Card } from "~/components/leads/LeadDetailParts";
import { formatDateTime } from "~/components/leads/format";
import { ACTION_LABELS, RUN_STATUS_TEXT, type ActionType } from "#shared/automations/definition.ts";

export type LeadAutomationStep = {
  id: string;
  automationName: string;
  step: number;
  actionType: ActionType;
  status: "scheduled" | "sent" | "failed" | "skipped" | "cancelled";
  at: string;
  error: string | null;
};


export function LeadAutomationsCard({ steps, timeZone }: { steps: LeadAutomationStep[]; timeZone: string }) {
  return (
    <Card id="lead-automations" title="Automations">
      {steps.length === 0 ? (
        <p className="text-sm text-slate-600">No automation has run for this lead.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {steps.map((s) => (
            <li key={s.id}>
              <span className="font-medium text-slate-900">{s.automationName}</span>
              <span className="text-slate-700">
                {" "}
                · Step {s.step + 1}: {ACTION_LABELS[s.actionType]} · {RUN_STATUS_TEXT[s.status]} · {formatDateTime(s.at, timeZone)}
              </span>
              {s.error ? <span className="block text-slate-600">{s.error}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

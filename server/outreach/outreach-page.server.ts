// The Cold Outreach page's server side (spec §2.14, DESIGN §12): the Pro gate for every loader and
// action (whatever the browser shows), what the page loads, and its actions, each a domain call.
import { plural } from "../shared/format/plural.ts";
import { FEATURES, hasFeature, type PlanState } from "../shared/billing/entitlements.ts";
import type { Db } from "../db/client.server.ts";
import type { CommandContext } from "../events/command-context.server.ts";
import { campaignSummaries, linkedinList, markLinkedinSent, startCampaign } from "./campaigns.server.ts";
import { convertProspect, importProspects, listProspects, markResponded, type ImportReport, type OutreachResult } from "./prospects.server.ts";
import type { ProspectFilter } from "./prospect-filter.ts";
import { failure, failureStatus, success, type ActionResult } from "../shared/forms/action-result.ts";

export const OUTREACH_LOCKED_MESSAGE = `${FEATURES.cold_outreach.label} needs the ${FEATURES.cold_outreach.plan} plan. Upgrade in Settings → Billing & Subscription.`;

/** The plan gate: a 403 Response below Pro (Starter, an expired trial), thrown before any work. */
export function requireOutreach(business: PlanState, now = new Date()): void {
  if (!hasFeature(business, "cold_outreach", now)) {
    throw new Response(OUTREACH_LOCKED_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

export async function outreachPageData(db: Db, args: { businessId: string; filter: ProspectFilter; now?: Date }) {
  const [list, linkedin, campaigns] = await Promise.all([
    listProspects(db, { businessId: args.businessId, filter: args.filter }),
    linkedinList(db, { businessId: args.businessId, now: args.now }),
    campaignSummaries(db, args.businessId),
  ]);
  return { ...list, linkedin, campaigns };
}

/**
 * Every outreach action answers `{ intent } & ActionResult` (decision 0032). An import's per-row report
 * rides beside it as `report` (the page's JSON contract, read by its tests), not in `data`.
 */
export type OutreachActionResult = { intent: string; report?: ImportReport } & ActionResult;

const done = (intent: string, message: string): OutreachActionResult => ({ intent, ...success(undefined, message) });
const failed = (intent: string, error: string): OutreachActionResult => ({ intent, ...failure(error) });

/** An outcome as the page shows it, with its HTTP status (failureStatus of the domain's reason). */
function answer<T>(intent: string, result: OutreachResult<T>, message: (value: T) => string): { status: number; body: OutreachActionResult } {
  return result.ok ? { status: 200, body: done(intent, message(result.value)) } : { status: failureStatus(result.reason), body: failed(intent, result.error) };
}


export async function runOutreachAction(
  deps: CommandContext,
  args: { businessId: string; userId: string; form: FormData; file?: { name: string; data: Buffer } | null },
): Promise<{ status: number; body: OutreachActionResult }> {
  const { db } = deps;
  const intent = String(args.form.get("intent") ?? "");
  const text = (key: string) => String(args.form.get(key) ?? "");
  switch (intent) {
    case "import": {
      if (!args.file || args.file.data.length === 0) return { status: 400, body: failed(intent, "Please choose a .csv file") };
      const result = await importProspects(db, { businessId: args.businessId, fileName: args.file.name, data: args.file.data });
      if (!result.ok) return { status: failureStatus(result.reason), body: failed(intent, result.error) };
      const r = result.value;
      const message = `Imported ${plural(r.imported, "new prospect")}, updated ${plural(r.updated, "prospect")}, skipped ${plural(r.skipped.length, "row")}.${
        r.fieldNotes.length ? ` ${plural(r.fieldNotes.length, "row")} kept without a field: ${r.fieldNotes.map((n) => `line ${n.line}: ${n.reason}`).join("; ")}.` : ""
      }`;
      return { status: 200, body: { ...done(intent, message), report: r } };
    }
    case "campaign": {
      const result = await startCampaign(deps, {
        businessId: args.businessId,
        actorUserId: args.userId,
        now: new Date(),
        input: {
          linkedinMessage: text("linkedinMessage"),
          emailSubject: text("emailSubject"),
          emailBody: text("emailBody"),
          dailyConnections: text("dailyConnections"),
          followUpDays: text("followUpDays"),
          dailyEmails: text("dailyEmails"),
          sendTime: text("sendTime"),
          prospectIds: args.form.getAll("prospectId").map(String),
        },
      });
      return answer(intent, result, (v) =>
        [
          `Campaign started: ${plural(v.emails, "e-mail")} scheduled${v.firstSendOn ? ` from ${v.firstSendOn}` : ""}, ${plural(v.linkedin, "prospect")} on your LinkedIn list.`,
          v.skipped.length ? `Skipped ${v.skipped.map((s) => `${s.name} (${s.reason})`).join(", ")}.` : "",
        ]
          .filter(Boolean)
          .join(" "),
      );
    }
    case "linkedin-sent":
      return answer(intent, await markLinkedinSent(db, { businessId: args.businessId, enrollmentId: text("enrollmentId") }), () => "Marked as sent.");
    case "responded":
      return answer(intent, await markResponded(db, { businessId: args.businessId, prospectId: text("prospectId") }), () => "Marked as responded: the sequence stopped.");
    case "convert":
      return answer(intent, await convertProspect(deps, { businessId: args.businessId, prospectId: text("prospectId"), actorUserId: args.userId }), () => "Converted into a lead.");
    default:
      return { status: 400, body: failed(intent, "Unknown action") };
  }
}

// The Automation page (spec §2.14, DESIGN §11): four summary cards computed from runs, the list with
// pause/resume, edit and delete, the template picker and the edit modal. The automations themselves
// run on the job layer (server/automations/runs.server.ts).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { AutomationPage } from "~/components/automation/AutomationPage";
import { requireOwner, requireWorkspace } from "~/lib/session.server";
import {
  automationSummary,
  createFromTemplate,
  deleteAutomation,
  listAutomations,
  listRuns,
  toggleAutomation,
  updateAutomation,
  type AutomationResult,
} from "#server/automations/automations.server.ts";
import { getBusinessTimeZone } from "#server/leads/list-leads.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { sendAutomationTest, testSentMessage } from "#server/automations/send-test.server.ts";
import { unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { smsUsage } from "#server/automations/sms-allowance.server.ts";
import { failure, success, type ActionResult } from "#shared/forms/action-result.ts";

export const meta = workspaceMeta("Automation");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const { db } = context.services;
  const businessId = workspace.business.id;
  const [summary, automations, timeZone, sms] = await Promise.all([
    automationSummary(db, businessId),
    listAutomations(db, businessId),
    getBusinessTimeZone(db, businessId),
    smsUsage(db, businessId),
  ]);
  const runs = Object.fromEntries(await Promise.all(automations.map(async (a) => [a.id, await listRuns(db, businessId, a.id, 10)] as const)));
  return { summary, automations, runs, timeZone, sms, canEdit: workspace.role === "owner" };
}

const INTENTS = ["create", "toggle", "update", "delete", "test"] as const;
type Intent = (typeof INTENTS)[number];
/** Every action of the page answers `{ intent } & ActionResult` (decision 0032); `data.id` is the automation's. */
export type AutomationActionData = { intent: string } & ActionResult<{ id: string }>;
const answer = (intent: string, result: ActionResult<{ id: string }>, status = 200) => data<AutomationActionData>({ intent, ...result }, { status });

const MESSAGES: Record<Intent, string> = {
  create: "Automation created as a draft.",
  toggle: "Automation updated.",
  update: "Automation saved.",
  delete: "Automation deleted.",
  test: "Test sent.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context, { requireSubscription: true });
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get("intent"));
  if (!intent) return answer(String(form.get("intent") ?? ""), failure("Unknown action"), 400);
  const { db, jobs } = context.services;
  const businessId = workspace.business.id;
  const id = String(form.get("id") ?? "");
  if (intent === "test") {
    // Send test: e-mails to the signed-in owner only, written as mail jobs (never sent from here).
    const sent = await sendAutomationTest(
      { db, jobs, unsubscribe: unsubscribeSigner(context.services), notify: (b, notification) => context.realtime.notification(b, notification) },
      { businessId, id, userId: workspace.userId },
    );
    if (!sent.ok) return answer(intent, failure(sent.error), sent.status);
    return answer(intent, success({ id }, testSentMessage(sent.value)));
  }
  // Toggle, edit and delete run the automation commands: their pushes reach the business's open pages.
  const ctx = commandContext(context.services, context.realtime);
  let result: AutomationResult<unknown>;
  switch (intent) {
    case "create":
      result = await createFromTemplate(db, businessId, form.get("templateKey"));
      break;
    case "toggle":
      result = await toggleAutomation(ctx, { businessId, id });
      break;
    case "delete":
      result = await deleteAutomation(ctx, { businessId, id });
      break;
    case "update": {
      let input: unknown;
      try {
        input = JSON.parse(String(form.get("payload") ?? ""));
      } catch {
        return answer(intent, failure("Please check the form"), 400);
      }
      result = await updateAutomation(ctx, { businessId, id, input });
      break;
    }
  }
  if (!result.ok) return answer(intent, failure(result.error, result.fieldErrors), result.status);
  const createdId = intent === "create" ? (result.value as { id: string }).id : id;
  return answer(intent, success({ id: createdId }, MESSAGES[intent]));
}

export default function AutomationRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <AutomationPage {...loaded} />;
}

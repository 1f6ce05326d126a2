// The visitor's manage page (issue 31): behind the signed link of the confirmation e-mail, reschedule to
// another free time or cancel, without an account. A forged, expired or already used link says so and
// changes nothing; a time taken meanwhile gets the next free ones. Outside the public layout: the person
// is a business's customer, not ours.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { cancelAppointment, rescheduleAppointment } from "#server/appointments/commands.server.ts";
import { findManaged, type ManageView } from "#server/appointments/views.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { AuthCard, FormError } from "~/components/auth/AuthCard";
import { SlotChoices, TokenOutcome, TokenPage, useTokenPage } from "~/components/auth/TokenPage";
import { Button } from "~/components/ui/Button";
import { refusedAgain, tokenPageAction, tokenPageLoader, type TokenPageData } from "~/lib/token-page.server";

export const meta: MetaFunction = () => [{ title: "Your walkthrough" }, { name: "robots", content: "noindex" }];

type PageData = TokenPageData<ManageView>;

export const loader = (args: LoaderFunctionArgs) => tokenPageLoader(args, findManaged);

export const action = (args: ActionFunctionArgs) =>
  tokenPageAction(args, findManaged, async (view, find) => {
    const { request, context } = args;
    const form = await request.formData();
    const ctx = commandContext(context.services, context.realtime);
    const target = { businessId: view.businessId, appointmentId: view.appointmentId, actor: { kind: "visitor" as const }, nonce: view.nonce };
    const intent = String(form.get("intent") ?? "");
    const result =
      intent === "cancel"
        ? await cancelAppointment(ctx, target)
        : intent === "reschedule"
          ? await rescheduleAppointment(ctx, { ...target, startsAt: new Date(String(form.get("startsAt") ?? "")) })
          : null;
    if (!result) return data<PageData>({ problem: "Please choose what to do.", view }, { status: 400 });
    // The page again with the times free now (a taken one is gone from the list).
    if (!result.ok) return refusedAgain(find, view, result);
    const done =
      intent === "cancel"
        ? `Your walkthrough with ${view.businessName} is cancelled. A cancellation for your calendar is on its way by e-mail.`
        : `Your walkthrough is moved. A new confirmation with the updated calendar invitation is on its way by e-mail.`;
    return data<PageData>({ problem: null, view: null, done });
  });

export default function ManageAppointment() {
  const { page, busy, navigation } = useTokenPage<typeof loader, typeof action>();
  const { problem, view, done } = page;
  return (
    <TokenPage heading={view?.businessName ?? "Your walkthrough"}>
      <TokenOutcome done={done} doneTitle="Done" view={view} problem={problem}>
        {(view) =>
          !(view.status === "booked" || view.status === "rescheduled") ? (
            <AuthCard title="Your walkthrough">
              <p className="text-sm text-slate-700">This walkthrough ({view.when}) is {view.status.replace("_", "-")} and can no longer be changed.</p>
            </AuthCard>
          ) : (
            <AuthCard title="Your walkthrough" subtitle={<>{view.when}{view.assignee ? ` with ${view.assignee}` : ""}</>}>
              <FormError message={problem} />
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="reschedule" />
                <SlotChoices legend="Move it to" slots={view.slots} />
                {view.slots.length > 0 ? (
                  <Button type="submit" block loading={busy && navigation.formData?.get("intent") === "reschedule"}>
                    Reschedule
                  </Button>
                ) : null}
              </Form>
              <Form method="post" className="mt-6">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="secondary" block loading={busy && navigation.formData?.get("intent") === "cancel"}>
                  Cancel the walkthrough
                </Button>
              </Form>
            </AuthCard>
          )
        }
      </TokenOutcome>
    </TokenPage>
  );
}

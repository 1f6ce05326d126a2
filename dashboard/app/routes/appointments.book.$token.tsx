// The booking page behind {bookingLink} (issue 31): the Appointment scheduler automation e-mails a lead
// this signed link when the business books visits online; the lead picks one of the free times and the
// visit is booked as in the chat (same lock and checks, confirmation with its calendar invitation). A
// forged or expired link says so; a lead with a visit already booked is told when it is.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { bookAppointment } from "#server/appointments/commands.server.ts";
import { findBookable, type BookView } from "#server/appointments/views.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { AuthCard, FormError } from "~/components/auth/AuthCard";
import { SlotChoices, TokenOutcome, TokenPage, useTokenPage } from "~/components/auth/TokenPage";
import { Button } from "~/components/ui/Button";
import { refusedAgain, tokenPageAction, tokenPageLoader, type TokenPageData } from "~/lib/token-page.server";

export const meta: MetaFunction = () => [{ title: "Book your walkthrough" }, { name: "robots", content: "noindex" }];

type PageData = TokenPageData<BookView>;

export const loader = (args: LoaderFunctionArgs) => tokenPageLoader(args, findBookable);

export const action = (args: ActionFunctionArgs) =>
  tokenPageAction(args, findBookable, async (view, find) => {
    const { request, context } = args;
    const startsAt = new Date(String((await request.formData()).get("startsAt") ?? ""));
    const result = await bookAppointment(commandContext(context.services, context.realtime), { businessId: view.businessId, leadId: view.leadId, startsAt, actor: { kind: "visitor" } });
    if (!result.ok) return refusedAgain(find, view, result);
    return data<PageData>({ problem: null, view, done: `You're booked with ${view.businessName}. A confirmation with a calendar invitation is on its way by e-mail.` });
  });

export default function BookAppointment() {
  const { page, busy } = useTokenPage<typeof loader, typeof action>();
  const { problem, view, done } = page;
  return (
    <TokenPage heading={view?.businessName ?? "Book your walkthrough"}>
      <TokenOutcome done={done} doneTitle="Booked" view={view} problem={problem}>
        {(view) =>
          view.booked ? (
            <AuthCard title="Your walkthrough">
              <p className="text-sm text-slate-700">Your walkthrough is booked for {view.booked}. To change it, use the link in its confirmation e-mail.</p>
            </AuthCard>
          ) : view.closed ? (
            <AuthCard title="Book your walkthrough">
              <p className="text-sm text-slate-700">{view.closed}</p>
            </AuthCard>
          ) : (
            <AuthCard title="Book your walkthrough" subtitle={<>A free on-site walkthrough with {view.businessName}</>}>
              <FormError message={problem} />
              <Form method="post" className="mt-4 space-y-3">
                <SlotChoices legend="Pick a time" slots={view.slots} empty="No times are free right now. Please reply to our e-mail and we will find one." />
                {view.slots.length > 0 ? (
                  <Button type="submit" block loading={busy}>
                    {busy ? "Booking..." : "Book this time"}
                  </Button>
                ) : null}
              </Form>
            </AuthCard>
          )
        }
      </TokenOutcome>
    </TokenPage>
  );
}

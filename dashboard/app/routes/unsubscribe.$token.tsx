// The page behind the unsubscribe link of every e-mail to a lead or prospect (DESIGN §10, RFC 8058).
// GET asks to confirm (mail scanners that open links unsubscribe nobody); the button POSTs here, and so
// does a mail client's one-click unsubscribe (`List-Unsubscribe=One-Click`, no page involved). Either
// puts the address on the sending business's suppression list. A tampered or expired link says so and
// changes nothing. Outside the public layout: the person is a business's customer, not ours.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findUnsubscribe, unsubscribe } from "#server/mail/unsubscribe.server.ts";
import { UNSUBSCRIBE_PROBLEM_MESSAGES, type UnsubscribeView } from "#server/mail/unsubscribe-view.ts";
import { AuthCard } from "~/components/auth/AuthCard";
import { BrokenLinkCard, TokenPage } from "~/components/auth/TokenPage";
import { Button } from "~/components/ui/Button";

export const meta: MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

type PageData = { problem: string | null; view: UnsubscribeView | null };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { db, signingSecret } = context.services;
  const found = await findUnsubscribe({ db, secret: signingSecret }, params.token ?? "");
  if (!found.ok) return data<PageData>({ problem: UNSUBSCRIBE_PROBLEM_MESSAGES[found.problem], view: null }, { status: 400 });
  return data<PageData>({ problem: null, view: found.view });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { db, jobs, signingSecret } = context.services;
  const form = await request.formData();
  const source = form.get("List-Unsubscribe") === "One-Click" ? "one-click" : "link";
  const result = await unsubscribe({ db, jobs, secret: signingSecret }, { token: params.token ?? "", source });
  if (!result.ok) return data<PageData>({ problem: UNSUBSCRIBE_PROBLEM_MESSAGES[result.problem], view: null }, { status: 400 });
  return data<PageData>({ problem: null, view: result.view });
}

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { problem, view } = acted ?? loaded;

  return (
    <TokenPage heading={view?.businessName ?? "E-mail preferences"}>
      {problem || !view ? (
        <BrokenLinkCard problem={problem ?? UNSUBSCRIBE_PROBLEM_MESSAGES.invalid} />
      ) : view.unsubscribedAt ? (
        <AuthCard title="You're unsubscribed">
          <p role="status" className="text-sm text-slate-700">
            <strong className="break-all">{view.email}</strong> will no longer get e-mails from <strong>{view.businessName}</strong>.
          </p>
          <p className="mt-4 text-sm text-slate-600">
            Changed your mind? Reply to one of {view.businessName}&apos;s e-mails and ask them to write to you again.
          </p>
        </AuthCard>
      ) : (
        <AuthCard
          title="Unsubscribe"
          subtitle={
            <>
              Stop e-mails from <strong>{view.businessName}</strong> to <strong className="break-all">{view.email}</strong>?
            </>
          }
        >
          <Form method="post">
            <Button type="submit" block loading={submitting}>
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
          <p className="mt-4 text-sm text-slate-600">Only {view.businessName}&apos;s e-mails stop; nothing else changes.</p>
        </AuthCard>
      )}
    </TokenPage>
  );
}

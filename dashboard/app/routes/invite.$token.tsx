// The page behind an invitation e-mail's link (spec §2.14 User Access): a signed-in user with the invited
// address accepts; someone without an account creates one (the registration rules of spec §5) and
// joins the business with the invited role. Expired, used or revoked links say so. An account page
// outside the public layout: no marketing chrome and no sales chat widget here.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import { useMemo, useState } from "react";
import { inviteAccountSchema, passwordMeetsRules } from "#shared/auth/validation.ts";
import { failure, parseFormData, type ActionResult } from "#shared/forms/action-result.ts";
import {
  acceptInviteAsUser,
  acceptInviteWithNewAccount,
  findInvite,
  INVITE_PROBLEM_MESSAGES,
  type AcceptResult,
} from "#server/team/invites.server.ts";
import { AuthCard, FormError, labelClass } from "~/components/auth/AuthCard";
import { TokenPage } from "~/components/auth/TokenPage";
import { AcceptTermsField, NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { useSchemaForm } from "~/lib/forms";
import { getOptionalUser, signInAndRedirect } from "~/lib/session.server";
import { Button, buttonClasses } from "~/components/ui/Button";
import { focusRing, TextField } from "~/components/forms";
import { PERSON_NAME_MAX } from "#shared/auth/person-name.ts";

export const meta: MetaFunction = () => [{ title: "Join your team | LeadBroom" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [found, user] = await Promise.all([findInvite(context.services.db, token), getOptionalUser(request, context)]);
  if (!found.ok) return data({ problem: INVITE_PROBLEM_MESSAGES[found.problem], invite: null, signedInAs: null }, { status: 410 });
  const { businessName, email, role, accountExists } = found.invite;
  return { problem: null, invite: { businessName, email, role, accountExists }, signedInAs: user?.email ?? null };
}

function refused(result: Exclude<AcceptResult, { ok: true }>) {
  return data(failure("problem" in result ? INVITE_PROBLEM_MESSAGES[result.problem] : result.message), { status: 400 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { db } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "accept") {
    const user = await getOptionalUser(request, context);
    if (!user) return redirect(`/login?${new URLSearchParams({ redirectTo: `/invite/${token}` })}`);
    const result = await acceptInviteAsUser(db, { token, userId: user.userId });
    if (!result.ok) return refused(result);
    return redirect("/app");
  }

  if (intent === "create") {
    const found = await findInvite(db, token);
    if (!found.ok) return data(failure(INVITE_PROBLEM_MESSAGES[found.problem]), { status: 400 });
    const checked = parseFormData(form, inviteAccountSchema(found.invite.email));
    if (!checked.ok) return data(checked, { status: 400 });
    const result = await acceptInviteWithNewAccount(db, {
      token,
      displayName: checked.value.displayName,
      password: checked.value.password,
    });
    if (!result.ok) return refused(result);
    return signInAndRedirect(request, context, result.userId, "/app");
  }
  return data(failure("Unknown action."), { status: 400 });
}

function InviteFrame({ children }: { children: React.ReactNode }) {
  return (
    <TokenPage
      heading={
        <Link to="/" className={`text-lg font-bold tracking-tight text-brand-700 ${focusRing}`}>
          LeadBroom
        </Link>
      }
    >
      {children}
    </TokenPage>
  );
}

export default function InvitePage() {
  return (
    <InviteFrame>
      <InviteContent />
    </InviteFrame>
  );
}

function InviteContent() {
  const { problem, invite, signedInAs } = useLoaderData<typeof loader>();
  const params = useParams();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (problem || !invite) {
    return (
      <AuthCard title="Invitation unavailable">
        <FormError message={problem} />
        <p className="mt-6">
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Go to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  const roleText = invite.role === "owner" ? "an owner" : "a support team member";
  const subtitle = (
    <>
      You're invited to join <strong>{invite.businessName}</strong> on LeadBroom as {roleText}.
    </>
  );

  if (signedInAs) {
    const matches = signedInAs === invite.email;
    return (
      <AuthCard title="Join your team" subtitle={subtitle}>
        <div className="space-y-4">
          <FormError message={actionData && !actionData.ok ? actionData.error : null} />
          {matches ? (
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Button type="submit" block loading={submitting}>
                {submitting ? "Joining..." : `Join ${invite.businessName}`}
              </Button>
            </Form>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                You're signed in as <strong>{signedInAs}</strong>, but this invitation is for <strong>{invite.email}</strong>.
                Sign out, then open the invitation link again.
              </p>
              <Form method="post" action="/logout">
                <Button type="submit" block>
                  Sign out
                </Button>
              </Form>
            </>
          )}
        </div>
      </AuthCard>
    );
  }

  if (invite.accountExists) {
    return (
      <AuthCard title="Join your team" subtitle={subtitle}>
        <p className="text-sm text-slate-700">
          An account for <strong>{invite.email}</strong> already exists. Sign in to accept the invitation.
        </p>
        <p className="mt-6">
          <Link to={`/login?${new URLSearchParams({ redirectTo: `/invite/${encodeURIComponent(params.token ?? "")}` })}`} className={buttonClasses({ block: true })}>
            Sign in to accept
          </Link>
        </p>
      </AuthCard>
    );
  }

  return <CreateAccount invite={invite} subtitle={subtitle} result={actionData} submitting={submitting} />;
}

function CreateAccount({
  invite,
  subtitle,
  result,
  submitting,
}: {
  invite: { email: string; businessName: string };
  subtitle: React.ReactNode;
  result: ActionResult | undefined;
  submitting: boolean;
}) {
  const [password, setPassword] = useState("");
  const [acceptTerms, setAcceptTerms] = useState(false);
  const schema = useMemo(() => inviteAccountSchema(invite.email), [invite.email]);
  const { formProps, formError, errorId } = useSchemaForm("invite-account", schema, result);
  const canSubmit = passwordMeetsRules(password) && acceptTerms && !submitting;
  return (
    <AuthCard title="Join your team" subtitle={subtitle}>
      <Form method="post" className="space-y-4" {...formProps}>
        <input type="hidden" name="intent" value="create" />
        <FormError id={errorId} message={formError} />
        <div>
          <p className={labelClass}>Email</p>
          <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-900">{invite.email}</p>
        </div>
        <TextField field={{ id: "displayName", name: "displayName" }} label="Your name" hint="Visitors see it when you join a chat." type="text" autoComplete="name" maxLength={PERSON_NAME_MAX} />
        <NewPasswordFields password={password} onPasswordChange={setPassword} passwordLabel="Password" confirmLabel="Confirm password" />
        <AcceptTermsField checked={acceptTerms} onChange={setAcceptTerms} />
        <Button type="submit" block disabled={!canSubmit}>
          {submitting ? "Creating Account..." : "Create Account and Join"}
        </Button>
      </Form>
    </AuthCard>
  );
}

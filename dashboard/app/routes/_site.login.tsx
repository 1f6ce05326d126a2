import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { authenticate } from "#server/auth/accounts.server.ts";
import { loginErrorMessage, resetErrorMessage } from "#server/auth/errors.ts";
import { requestPasswordReset } from "#server/auth/password-reset.server.ts";
import { loginSchema, resetRequestSchema, safeRedirectPath } from "#shared/auth/validation.ts";
import { failure, parseFormData, success, type ActionResult } from "#shared/forms/action-result.ts";
import { createSandbox, findSandbox } from "#server/demo/sandbox.server.ts";
import { SANDBOX_EXPIRED_MESSAGE, SANDBOX_LIMIT_MESSAGE } from "#shared/demo/sandbox-policy.ts";
import { AuthCard, FormError, FormNotice, inputClass, labelClass } from "~/components/auth/AuthCard";
import { useSchemaForm } from "~/lib/forms";
import { getSandboxId, requireAnonymous, sandboxExpiredResponse, signInAndRedirect } from "~/lib/session.server";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/forms";

export const meta: MetaFunction = () => [
  { title: "Sign in | LeadBroom" },
  { name: "description", content: "Sign in to your LeadBroom workspace to review and follow up your scored leads." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

/** Which form answered (sign-in or reset request), with the one action result shape. */
type LoginAnswer = { intent: "login" | "reset" } & ActionResult<{ sentTo: string }>;
const answer = (intent: LoginAnswer["intent"], result: ActionResult<{ sentTo: string }>): LoginAnswer => ({ intent, ...result });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const { db, authLimiter, jobs } = context.services;

  if (intent === "reset") {
    const checked = parseFormData(form, resetRequestSchema);
    if (!checked.ok) return data(answer("reset", checked), { status: 400 });
    const result = await requestPasswordReset(
      { db, jobs, limiter: authLimiter },
      checked.value.email,
      context.clientIp,
    );
    if (!result.ok) {
      return data(answer("reset", failure(resetErrorMessage(result.code))), { status: 400 });
    }
    return data(answer("reset", success({ sentTo: checked.value.email })));
  }

  if (intent === "demo") return demoSignIn(request, context, safeRedirectPath(form.get("redirectTo"), "/app"));

  const checked = parseFormData(form, loginSchema);
  if (!checked.ok) return data(answer("login", checked), { status: 400 });
  const result = await authenticate(db, authLimiter, checked.value, context.clientIp);
  if (!result.ok) {
    const status = result.code === "too-many-requests" ? 429 : 401;
    return data(answer("login", failure(loginErrorMessage(result.code))), { status });
  }
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/app");
  return signInAndRedirect(request, context, result.value.userId, redirectTo);
}

/**
 * The demo box (decision 0026): this browser's own demo sandbox, resumed when its cookie names one, or a
 * new one (limited per IP, consumed before the work); an expired one sends the browser back here told so.
 */
async function demoSignIn(request: Request, context: ActionFunctionArgs["context"], redirectTo: string) {
  const { db, jobs, authLimiter, sandboxCookie } = context.services;
  const sandboxId = await getSandboxId(request, context);
  if (sandboxId) {
    const sandbox = await findSandbox(db, sandboxId);
    if (sandbox.status === "expired") return sandboxExpiredResponse(context);
    return signInAndRedirect(request, context, sandbox.userId, redirectTo);
  }
  if (!(await authLimiter.allowSandbox(context.clientIp))) {
    return data(answer("login", failure(SANDBOX_LIMIT_MESSAGE)), { status: 429 });
  }
  const sandbox = await createSandbox({ db, jobs });
  const response = await signInAndRedirect(request, context, sandbox.userId, redirectTo);
  response.headers.append("Set-Cookie", await sandboxCookie.serialize(sandbox.businessId));
  return response;
}

export default function Login() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get("mode") === "reset" ? "reset" : "signin";
  return mode === "reset" ? (
    <ResetRequest onBack={() => setSearchParams(withoutMode(searchParams), { replace: true })} />
  ) : (
    <SignIn />
  );
}

function withoutMode(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("mode");
  return next;
}

function SignIn() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { formProps, formError, errorId } = useSchemaForm("login", loginSchema, actionData?.intent === "login" ? actionData : undefined);
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const resetParams = new URLSearchParams(searchParams);
  resetParams.set("mode", "reset");

  return (
    <AuthCard
      title="Sign in to LeadBroom"
      subtitle={
        <>
          New here?{" "}
          <Link to="/register" className="font-semibold text-brand-700 underline">
            Start your free trial
          </Link>
        </>
      }
    >
      <FormNotice message={searchParams.get("reset") === "done" ? "Your password has been updated. Please sign in." : null} />
      {searchParams.get("sandbox") === "expired" ? <FormError message={SANDBOX_EXPIRED_MESSAGE} /> : null}
      <Form method="post" className="space-y-4" {...formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError id={errorId} message={formError} />
        <TextField field={{ id: "email", name: "email" }} label="Email" type="email" autoComplete="email" />
        <div>
          <div className="flex items-center justify-between">
            <label htmlFor="password" className={labelClass}>
              Password
            </label>
            <Link to={`?${resetParams}`} className="text-sm font-medium text-brand-700 underline">
              Forgot password?
            </Link>
          </div>
          <input id="password" name="password" type="password" autoComplete="current-password" className={inputClass} />
        </div>
        <Button type="submit" name="intent" value="login" block loading={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>

      <section aria-labelledby="demo-heading" className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4">
        <h2 id="demo-heading" className="text-sm font-semibold text-brand-900">
          Demo account
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Explore a workspace of your own with sample leads and a chatbot to try. Nobody else sees it, it sends no
          e-mails, and it is deleted after 24 hours.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            name="intent"
            value="demo"
            disabled={submitting}
            className="rounded-lg border border-brand-600 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-60"
          >
            Sign in with the demo account
          </button>
        </Form>
      </section>

      <p className="mt-6 text-xs text-slate-600">
        By signing in you agree to our{" "}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthCard>
  );
}

function ResetRequest({ onBack }: { onBack: () => void }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const result = actionData?.intent === "reset" ? actionData : undefined;
  const { formProps, formError, errorId } = useSchemaForm("reset-request", resetRequestSchema, result);
  const sentTo = result?.ok ? (result.data?.sentTo ?? null) : null;

  const backButton = (
    <button type="button" onClick={onBack} className="text-sm font-semibold text-brand-700 underline">
      Back to Sign In
    </button>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <FormNotice message={`We sent a password reset link to ${sentTo}. The link works once and expires in 1 hour.`} />
        <div className="mt-6">{backButton}</div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Enter your account's email address and we'll send you a reset link.">
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError id={errorId} message={formError} />
        <TextField field={{ id: "reset-email", name: "email" }} label="Email" type="email" autoComplete="email" />
        <Button type="submit" name="intent" value="reset" block loading={submitting}>
          {submitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
      <div className="mt-6">{backButton}</div>
    </AuthCard>
  );
}

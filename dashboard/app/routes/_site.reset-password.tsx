import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  checkResetToken,
  completePasswordReset,
  type ResetTokenStatus,
} from "#server/auth/password-reset.server.ts";
import { newPasswordSchema, passwordMeetsRules } from "#shared/auth/validation.ts";
import { failure, parseFormData } from "#shared/forms/action-result.ts";
import { AuthCard, FormError } from "~/components/auth/AuthCard";
import { NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { useSchemaForm } from "~/lib/forms";
import { Button } from "~/components/ui/Button";

export const meta: MetaFunction = () => [{ title: "Set a new password | LeadBroom" }, { name: "robots", content: "noindex" }];

const statusMessages: Record<Exclude<ResetTokenStatus, "valid">, string> = {
  invalid: "This reset link is not valid. Please ask for a new one.",
  expired: "This reset link has expired. Please ask for a new one.",
  used: "This reset link has already been used. Please ask for a new one.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const status = await checkResetToken(context.services.db, token);
  return { token, problem: status === "valid" ? null : statusMessages[status] };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const checked = parseFormData(await request.formData(), newPasswordSchema);
  if (!checked.ok) return data(checked, { status: 400 });
  const result = await completePasswordReset(context.services.db, checked.value.token, checked.value.password);
  if (!result.ok) return data(failure(statusMessages[result.status]), { status: 400 });
  // Every session of the account ended with the reset: its open workspace sockets close now too.
  context.realtime.userSessionsEnded(result.userId);
  return redirect("/login?reset=done");
}

export default function ResetPassword() {
  const { token, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const { formProps, formError, errorId } = useSchemaForm("new-password", newPasswordSchema, actionData);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (problem) {
    return (
      <AuthCard title="Reset link unavailable">
        <FormError message={problem} />
        <p className="mt-6">
          <Link to="/login?mode=reset" className="font-semibold text-brand-700 underline">
            Send a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your LeadBroom account.">
      <Form method="post" className="space-y-4" {...formProps}>
        <input type="hidden" name="token" value={token} />
        <FormError id={errorId} message={formError} />
        <NewPasswordFields
          password={password}
          onPasswordChange={setPassword}
          passwordLabel="New password"
          confirmLabel="Confirm new password"
        />
        <Button type="submit" block disabled={!passwordMeetsRules(password) || submitting}>
          {submitting ? "Saving..." : "Save New Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { registerErrorMessage } from "#server/auth/errors.ts";
import { passwordMeetsRules, registrationSchema } from "#shared/auth/validation.ts";
import { failure, parseFormData } from "#shared/forms/action-result.ts";
import { AuthCard, FormError } from "~/components/auth/AuthCard";
import { AcceptTermsField, NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { useSchemaForm } from "~/lib/forms";
import { requireAnonymous, signInAndRedirect } from "~/lib/session.server";
import { afterRegistrationPath } from "#server/billing/chosen-plan.ts";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/forms";
import { PERSON_NAME_MAX } from "#shared/auth/person-name.ts";

export const meta: MetaFunction = () => [
  { title: "Start your free trial | LeadBroom" },
  {
    name: "description",
    content: "Create your LeadBroom account: 14-day free trial, no credit card required. Paste one snippet and start capturing scored leads.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const checked = parseFormData(await request.formData(), registrationSchema);
  if (!checked.ok) return data(checked, { status: 400 });
  // Consumed before the account is made (issue 13): one address cannot create accounts in bulk.
  if (!(await context.services.authLimiter.allowRegistration(context.clientIp))) {
    return data(failure(registerErrorMessage("too-many-requests")), { status: 429 });
  }
  const result = await registerAccount(context.services.db, checked.value);
  if (!result.ok) return data(failure(registerErrorMessage(result.code)), { status: 400 });
  return signInAndRedirect(request, context, result.value.userId, afterRegistrationPath(new URL(request.url).searchParams));
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { formProps, formError, errorId } = useSchemaForm("register", registrationSchema, actionData);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const canSubmit = passwordMeetsRules(password) && acceptTerms && !submitting;

  return (
    <AuthCard
      title="Start your free trial"
      subtitle={
        <>
          14 days free, no credit card required. Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError id={errorId} message={formError} />
        <TextField field={{ id: "businessName", name: "businessName" }} label="Business name" type="text" autoComplete="organization" maxLength={120} />
        <TextField field={{ id: "displayName", name: "displayName" }} label="Your name" hint="Visitors see it when you join a chat." type="text" autoComplete="name" maxLength={PERSON_NAME_MAX} />
        <TextField field={{ id: "email", name: "email" }} label="Email" type="email" autoComplete="email" />
        <NewPasswordFields
          password={password}
          onPasswordChange={setPassword}
          passwordLabel="Password"
          confirmLabel="Confirm password"
        />
        <AcceptTermsField checked={acceptTerms} onChange={setAcceptTerms} />
        <Button type="submit" block disabled={!canSubmit}>
          {submitting ? "Creating Account..." : "Create Account"}
        </Button>
      </Form>
    </AuthCard>
  );
}

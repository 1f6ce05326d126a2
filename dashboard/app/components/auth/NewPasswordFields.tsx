import { Link } from "@remix-run/react";
import { useState } from "react";
import { messages } from "#shared/auth/validation.ts";
import { inputClass, labelClass } from "./AuthCard";
import { PasswordChecklist } from "./PasswordChecklist";

/**
 * A new password with its live checklist and a confirmation that says 'Passwords do not match' while
 * typing (spec §5). The parent keeps the password, to enable its submit button.
 */
export function NewPasswordFields(props: {
  password: string;
  onPasswordChange: (password: string) => void;
  passwordLabel: string;
  confirmLabel: string;
}) {
  const [confirmPassword, setConfirmPassword] = useState("");
  const mismatch = confirmPassword.length > 0 && props.password !== confirmPassword;
  return (
    <>
      <div>
        <label htmlFor="password" className={labelClass}>
          {props.passwordLabel}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rules"
          value={props.password}
          onChange={(e) => props.onPasswordChange(e.target.value)}
          className={inputClass}
        />
        <PasswordChecklist id="password-rules" password={props.password} />
      </div>
      <div>
        <label htmlFor="confirmPassword" className={labelClass}>
          {props.confirmLabel}
        </label>
        <input
          id="confirmPassword"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? "confirm-error" : undefined}
          className={inputClass}
        />
        {mismatch ? (
          <p id="confirm-error" className="mt-1 text-sm text-red-700">
            {messages.passwordsDoNotMatch}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The registration rules' terms checkbox (spec §5); the parent keeps it, to enable its submit button. */
export function AcceptTermsField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id="acceptTerms"
        name="acceptTerms"
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 size-4 rounded border-slate-400"
      />
      <label htmlFor="acceptTerms" className="text-sm text-slate-700">
        I agree to the{" "}
        <Link to="/terms" className="font-medium text-brand-700 underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
      </label>
    </div>
  );
}

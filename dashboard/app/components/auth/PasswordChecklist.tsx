import { passwordRules } from "#shared/auth/validation.ts";

/** The live checklist of the password rules (spec §5). */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} className="mt-2 space-y-1 text-sm" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? "text-green-700" : "text-slate-600"} data-met={met}>
            <span aria-hidden="true">{met ? "✓" : "○"}</span> {rule.label}
            <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
          </li>
        );
      })}
    </ul>
  );
}

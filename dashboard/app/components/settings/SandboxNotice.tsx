// Why an action is switched off in a demo sandbox (decision 0026): the same text the server answers
// with when it refuses the action, next to the disabled controls it describes (aria-describedby).
import type { ReactNode } from "react";
import { SANDBOX_MESSAGES, type SandboxRestricted } from "#shared/demo/sandbox-policy.ts";

export function sandboxNoticeId(action: SandboxRestricted): string {
  return `sandbox-notice-${action}`;
}

export function SandboxNotice({ action }: { action: SandboxRestricted }) {
  return (
    <p id={sandboxNoticeId(action)} data-testid={sandboxNoticeId(action)} className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {SANDBOX_MESSAGES[action]}
    </p>
  );
}

/** The controls of an action a sandbox may not take: disabled there, described by the notice. */
export function SandboxFieldset({ action, sandbox, className, children }: { action: SandboxRestricted; sandbox: boolean; className: string; children: ReactNode }) {
  return (
    <fieldset disabled={sandbox} aria-describedby={sandbox ? sandboxNoticeId(action) : undefined} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}

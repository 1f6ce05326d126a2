// Every page of a demo sandbox says what it is and when it is deleted (decision 0026).
import { Link } from "@remix-run/react";
import { formatDateTime } from "../leads/format";
import { focusRing } from "~/components/chatbot/ui";

export function SandboxBanner({ sandbox }: { sandbox: { expiresAt: string; timeZone: string } }) {
  return (
    <div role="note" aria-label="Demo sandbox" data-testid="sandbox-banner" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <strong className="font-semibold">Demo sandbox.</strong> This workspace is yours alone; it sends no e-mails or SMS and is
      deleted with all its data on {formatDateTime(sandbox.expiresAt, sandbox.timeZone)}.{" "}
      <Link to="/register" className={`font-semibold underline ${focusRing}`}>
        Start a free trial
      </Link>{" "}
      to keep your own leads.
    </div>
  );
}

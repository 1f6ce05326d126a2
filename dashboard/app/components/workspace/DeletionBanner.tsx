// Every workspace page of a business whose owner asked to delete it says when it goes, during the 30-day
// grace period, with the way to cancel (owners) (decision 0074).
import { Link } from "@remix-run/react";
import { formatDateTime } from "../leads/format";
import { focusRing } from "~/components/chatbot/ui";

export function DeletionBanner({ deletion, owner }: { deletion: { scheduledFor: string; timeZone: string }; owner: boolean }) {
  return (
    <div role="note" aria-label="Business deletion" data-testid="deletion-banner" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <strong className="font-semibold">This business is scheduled for deletion.</strong> It and all its data are deleted on{" "}
      {formatDateTime(deletion.scheduledFor, deletion.timeZone)}.{" "}
      {owner ? (
        <Link to="/app/settings/privacy" className={`font-semibold underline ${focusRing}`}>
          Cancel the deletion
        </Link>
      ) : (
        "An owner can cancel it."
      )}
    </div>
  );
}

// Settings > Email Settings: the business's recent e-mails and whether each went out (DESIGN §10), a
// list of cards that reads the same at 360 px as on a desktop.
import { HELD_EMAIL_NOTE } from "#shared/demo/sandbox-policy.ts";
import { DELIVERY_KIND_LABELS, type DeliveryView } from "#shared/mail/delivery-view.ts";
import { formatDateTime } from "../leads/format";
import { SectionCard } from "./ui";

const STATUS = {
  sent: { label: "Sent", className: "bg-green-50 text-green-800 ring-green-200" },
  sending: { label: "Retrying", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-200" },
  held: { label: "Not sent (demo)", className: "bg-slate-100 text-slate-800 ring-slate-300" },
  skipped: { label: "Not sent", className: "bg-slate-100 text-slate-800 ring-slate-300" },
} as const;

export function EmailDeliveries({ deliveries, timeZone, sandbox = false }: { deliveries: DeliveryView[]; timeZone: string; sandbox?: boolean }) {
  return (
    <SectionCard
      id="email-deliveries-heading"
      title="Recent emails"
      description={
        sandbox
          ? HELD_EMAIL_NOTE
          : "The latest emails LeadBroom sent for this business, and whether each one reached the mail server."
      }
    >
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">{sandbox ? "No emails yet." : "No emails sent yet."}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {deliveries.map((d) => {
            const status = STATUS[d.status];
            return (
              <li key={d.id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 break-words text-sm font-medium text-slate-900">{d.subject}</p>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${status.className}`}>{status.label}</span>
                </div>
                <p className="mt-1 break-words text-sm text-slate-600">
                  {DELIVERY_KIND_LABELS[d.kind] ?? "Email"} to {d.to} · {formatDateTime(d.sentAt ?? d.createdAt, timeZone)}
                  {d.attempts > 1 ? ` · ${d.attempts} attempts` : ""}
                </p>
                {d.error && d.status === "skipped" ? (
                  <p className="mt-1 break-words text-sm text-slate-700">{d.error}</p>
                ) : d.error && d.status !== "sent" ? (
                  <p className="mt-1 break-words text-sm text-red-800">
                    {d.status === "failed" ? "Not delivered: " : "Last attempt failed: "}
                    {d.error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

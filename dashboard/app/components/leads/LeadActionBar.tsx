// The lead page's action buttons for its priority (spec §2.14): call, schedule a visit, send a quote or info.
import { Link } from "@remix-run/react";
import { ACTION_LABELS, type actionsFor, telHref, type LeadAction } from "#shared/leads/lead-actions.ts";
import { buttonClasses } from "~/components/ui/Button";

export function ActionBar({ actions, phone, email }: { actions: ReturnType<typeof actionsFor>; phone: string | null; email: string | null }) {
  const render = (action: LeadAction, primary: boolean) => {
    const cls = buttonClasses({ variant: primary ? "primary" : "secondary" });
    if (action === "call") {
      const href = telHref(phone);
      return href ? (
        <a key={action} href={href} className={cls}>
          {ACTION_LABELS.call}
        </a>
      ) : null;
    }
    if (action === "visit") {
      return (
        <a key={action} href="#schedule-visit" className={cls}>
          {ACTION_LABELS.visit}
        </a>
      );
    }
    if (!email) return null;
    return (
      <Link key={action} to={`?compose=${action}`} preventScrollReset className={cls}>
        {ACTION_LABELS[action]}
      </Link>
    );
  };
  return (
    <div className="flex flex-wrap gap-2" aria-label="Lead actions" role="group">
      {render(actions.primary, true)}
      {actions.secondary.map((a) => render(a, false))}
    </div>
  );
}

/**
 * Below 1024 px: the three things done most with a lead, held under the top bar while the page scrolls
 * (Call when there is a phone number, E-mail when there is an address, Status always).
 */
export function PhoneActionBar({ phone, email }: { phone: string | null; email: string | null }) {
  const href = telHref(phone);
  const cls = buttonClasses({ variant: "secondary", size: "sm", className: "flex-1" });
  return (
    <div
      role="group"
      aria-label="Quick lead actions"
      data-testid="phone-action-bar"
      className="sticky top-16 z-20 -mx-4 flex gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      {href ? (
        <a href={href} className={buttonClasses({ size: "sm", className: "flex-1" })}>
          Call
        </a>
      ) : null}
      {email ? (
        <a href="#send-email" className={cls}>
          E-mail
        </a>
      ) : null}
      <a href="#status" className={cls}>
        Status
      </a>
    </div>
  );
}

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

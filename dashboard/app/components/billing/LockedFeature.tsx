// A feature the plan does not include (spec §2.14 Cold Outreach, §6): shown locked with an Unlock
// button that opens the upgrade modal. The server refuses the feature itself (entitlements.server.ts).
import { useCallback, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import type { Feature } from "#shared/billing/entitlements.ts";
import { FEATURES } from "#shared/billing/entitlements.ts";
import { SubscribeModal } from "./SubscribeModal";
import { cardClass } from "./ui";
import { Button } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Lock } from "lucide-react";

export function LockedFeature({
  feature,
  title,
  description,
  publishableKey,
  canUpgrade,
}: {
  feature: Feature;
  title: string;
  description: string;
  publishableKey: string | null;
  /** Owners can upgrade; support staff are told to ask an owner. */
  canUpgrade: boolean;
}) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  const close = useCallback(() => setOpen(false), []);
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const plan = FEATURES[feature].plan;
  return (
    <section className={`${cardClass} relative`} data-feature-locked={feature} aria-label={`${title} (locked)`}>
      <div className="flex items-center gap-2">
        <Icon icon={Lock} strokeWidth={2} className="h-5 w-5 text-slate-500" />
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{plan.toUpperCase()}</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">{description}</p>
      {canUpgrade ? (
        <Button type="button" className="mt-4" onClick={() => setOpen(true)}>
          Unlock
        </Button>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Ask the business owner to upgrade to {plan}.</p>
      )}
      {open ? (
        <SubscribeModal plan={plan} period="monthly" title={`Upgrade to ${plan}`} publishableKey={publishableKey} onClose={close} onSubscribed={refresh} />
      ) : null}
    </section>
  );
}

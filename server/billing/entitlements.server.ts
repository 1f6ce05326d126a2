// Server-side plan gates (spec §6, DESIGN §6): loaders, actions and APIs of PRO and Enterprise
// features call `requireFeature`, which refuses with 403 below the plan, whatever the page shows.
import { FEATURES, hasFeature, type Feature, type PlanState } from "../shared/billing/entitlements.ts";

export class FeatureLockedError extends Error {
  constructor(public readonly feature: Feature) {
    super(`${FEATURES[feature].label} needs the ${FEATURES[feature].plan} plan.`);
    this.name = "FeatureLockedError";
  }
}

/** Throws a 403 Response (for Remix loaders/actions) unless the business's plan includes the feature. */
export function requireFeature(workspace: { business: PlanState }, feature: Feature, now = new Date()): void {
  if (!hasFeature(workspace.business, feature, now)) {
    throw new Response(`${FEATURES[feature].label} needs the ${FEATURES[feature].plan} plan. Upgrade in Settings → Billing & Subscription.`, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** For non-Remix entry points (REST API, sockets): throws FeatureLockedError. */
export function assertFeature(business: PlanState, feature: Feature, now = new Date()): void {
  if (!hasFeature(business, feature, now)) throw new FeatureLockedError(feature);
}

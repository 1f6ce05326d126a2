// BILLING=off (self-hosting without a billing provider, issue 32 item 7, decision 0072): every business
// is subscribed on the top plan (every feature, no lead limit), no billing screen is shown and Stripe
// is never called. The server sets the mode once when it creates its services (server/services.server.ts)
// from the environment; the pure rules (subscription.ts, entitlements.ts) read it, so every check of a
// plan or a subscription, wherever it runs on the server, follows it. Nothing in the browser reads it:
// the rules run in loaders and actions, and the pages get their results.
//
// Kept on globalThis under a registered symbol, not in a module variable: the dashboard's server build
// bundles its own copy of this module, and both copies must see the one mode the services set.
const KEY = Symbol.for("leadbroom.billingOff");
const store = globalThis as unknown as Record<symbol, boolean | undefined>;

export function setBillingOff(value: boolean): void {
  store[KEY] = value;
}

/** True when the server runs with BILLING=off. */
export function billingOff(): boolean {
  return store[KEY] === true;
}

// BILLING=off (self-hosting without a billing provider, issue 32 item 7, decision 0072): every business
// is subscribed on the top plan (every feature, no lead limit), no billing screen is shown and Stripe
// is never called. The server sets the mode once when it creates its services (server/services.server.ts)
// from the environment; the pure rules (subscription.ts, entitlements.ts) read it, so every check of a
// plan or a subscription, wherever it runs on the server, follows it. Nothing in the browser reads it:
// the rules run in loaders and actions, and the pages get their results.
let off = false;

export function setBillingOff(value: boolean): void {
  off = value;
}

/** True when the server runs with BILLING=off. */
export function billingOff(): boolean {
  return off;
}

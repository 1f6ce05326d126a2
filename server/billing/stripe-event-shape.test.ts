import { describe, expect, it } from "vitest";
import { checkStripeEventShape } from "./stripe-event-shape.ts";

const subscription = {
  id: "sub_1",
  object: "subscription",
  customer: "cus_1",
  status: "active",
  metadata: { businessId: "b1" },
  items: { data: [{ price: { id: "price_1", lookup_key: null, unit_amount: 4900 }, current_period_start: 1, current_period_end: 2 }] },
};
const event = (type: string, object: unknown) => ({ id: "evt_1", object: "event", type, created: 1_700_000_000, data: { object } });

describe("checkStripeEventShape", () => {
  it("accepts the events the handlers read, and types they do not handle with any object", () => {
    expect(checkStripeEventShape(event("customer.subscription.updated", subscription))).toEqual({ ok: true });
    expect(checkStripeEventShape(event("invoice.paid", { customer: { id: "cus_1" }, parent: null }))).toEqual({ ok: true });
    expect(checkStripeEventShape(event("charge.succeeded", { anything: true }))).toEqual({ ok: true });
  });

  it.each([
    ["null", null, "the event"],
    ["an array", [], "the event"],
    ["an event without data.object", { id: "evt_1", type: "invoice.paid", created: 1, data: {} }, "data.object"],
    ["an event without created", { id: "evt_1", type: "invoice.paid", data: { object: {} } }, "created"],
    ["a subscription without items", event("customer.subscription.deleted", { ...subscription, items: undefined }), "data.object.items"],
    ["a subscription without a customer", event("customer.subscription.created", { ...subscription, customer: null }), "data.object.customer"],
    ["a NUL in the event id", { ...event("invoice.paid", {}), id: "evt_\u0000" }, "id"],
  ])("refuses %s, naming where", (_, body, where) => {
    const shape = checkStripeEventShape(body);
    expect(shape.ok).toBe(false);
    if (!shape.ok) expect(shape.reason.startsWith(`${where}:`) || shape.reason === where).toBe(true);
  });
});

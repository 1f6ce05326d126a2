// `npm run stripe:setup` against the in-memory Stripe: creates the six plan prices at the spec's
// amounts, the overage meter and metered prices, prints the variables; a second run creates nothing.
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { setupStripeCatalogue } from "../../scripts/stripe-setup.ts";
import { createStripeMock } from "../mocks/stripe.ts";
import { setupServer } from "msw/node";

const mock = createStripeMock({ prices: [] });
const msw = setupServer(...mock.handlers);
msw.listen({ onUnhandledRequest: "error" });
afterAll(() => msw.close());

describe("stripe:setup", () => {
  it("creates products, prices and the meter once, found again by lookup key", async () => {
    const stripe = new Stripe("sk_test_setup_mock");
    const first = await setupStripeCatalogue(stripe, { meterEventName: "leadbroom_overage_lead", overageFeeCents: 75 });
    expect(first).toHaveLength(9);
    expect(first[0]).toMatch(/^STRIPE_PRICE_STARTER_MONTHLY=price_/);
    const amounts = Object.fromEntries(mock.state.createdPrices.map((p) => [p.lookup_key, Number(p.unit_amount)]));
    expect(amounts).toEqual({
      leadbroom_starter_monthly: 4900,
      leadbroom_starter_annual: 46800,
      leadbroom_pro_monthly: 9900,
      leadbroom_pro_annual: 94800,
      leadbroom_enterprise_monthly: 24900,
      leadbroom_enterprise_annual: 238800,
      leadbroom_overage_monthly: 75,
      leadbroom_overage_annual: 75,
    });
    const overage = mock.state.createdPrices.find((p) => p.lookup_key === "leadbroom_overage_annual")!;
    expect(overage.recurring).toEqual({ interval: "year", usage_type: "metered", meter: mock.state.meters[0]!.id });

    const second = await setupStripeCatalogue(stripe, { meterEventName: "leadbroom_overage_lead", overageFeeCents: 75 });
    expect(second).toEqual(first);
    expect(mock.state.createdPrices).toHaveLength(8);
    expect(mock.state.meters).toHaveLength(1);
    expect(mock.state.products.size).toBe(4);
  });
});

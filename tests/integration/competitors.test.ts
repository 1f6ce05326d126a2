// Competitor analysis (issue #6): the lost reason and competitor recorded when a lead is lost (every
// plan, validated, in the history, scoped to the business, support staff too), the PRO gate of
// /app/analytics/competitors (trial and Pro 200, Starter and an expired trial 403 with the page locked),
// and the figures on a seeded set of leads, exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitorAnalysis } from "#server/analytics/competitor-analysis.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { addSupportMember, expireTrial, registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;

async function activeOn(owner: Owner, plan: "Starter" | "Pro") {
  const start = new Date(Date.now() - 3 * DAY);
  await server.services.db.business.update({
    where: { id: owner.businessId },
    data: { subscriptionStatus: "active", plan, billingPeriod: "monthly", currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * DAY) },
  });
}

async function openLead(businessId: string, name = "Avery Stone") {
  return server.services.db.lead.create({ data: { businessId, name, email: "avery@example.com", score: 7, priority: "medium" } });
}

const leadRow = (id: string) =>
  server.services.db.lead.findUniqueOrThrow({ where: { id }, select: { status: true, lostReason: true, lostTo: true, wonAgainst: true, valueCents: true, closedAt: true } });
const lastStatusEvent = (leadId: string) =>
  server.services.db.leadEvent.findFirstOrThrow({ where: { leadId, type: "status_changed" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

describe("the lost reason", () => {
  it("is stored on the lead and in its history, on a Starter plan too, and shown on the lead", async () => {
    const owner = await registerOwner(server, "Starter Sweepers");
    await activeOn(owner, "Starter");
    const lead = await openLead(owner.businessId);
    const res = await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "competitor", competitor: "  Brightway   Cleaning  " });
    expect(res.status).toBe(200);
    expect(await leadRow(lead.id)).toMatchObject({ status: "lost", lostReason: "competitor", lostTo: "Brightway Cleaning" });
    const event = await lastStatusEvent(lead.id);
    expect(event.data).toEqual({ from: "new", to: "lost", lostReason: "competitor", lostTo: "Brightway Cleaning" });
    expect(event.actorUserId).toBe(owner.userId);
    const page = await owner.client.get(`/app/leads/${lead.id}`);
    expect(page.text).toContain("Went with a competitor: Brightway Cleaning");
    expect(page.text).toContain("Status changed from New to Lost (reason: Went with a competitor: Brightway Cleaning)");
  });

  it("is validated on the server; invalid input writes nothing", async () => {
    const owner = await registerOwner(server);
    const lead = await openLead(owner.businessId);
    const cases: [Record<string, string>, string][] = [
      [{ lostReason: "too_expensive" }, "Please choose a reason from the list"],
      [{ lostReason: "competitor", competitor: "B".repeat(81) }, "Competitor names are limited to 80 characters"],
    ];
    for (const [input, message] of cases) {
      const res = await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", ...input });
      expect(res.status, message).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await leadRow(lead.id)).toMatchObject({ status: "new", lostReason: null, lostTo: null });
    expect(await server.services.db.leadEvent.count({ where: { leadId: lead.id } })).toBe(0);

    // 80 characters after trimming are fine; a name with another reason is not kept; no reason is fine.
    const ok = await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "competitor", competitor: `  ${"B".repeat(80)}  ` });
    expect(ok.status).toBe(200);
    expect((await leadRow(lead.id)).lostTo).toBe("B".repeat(80));
    // Lost may be saved again to correct the reason.
    expect((await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "price", competitor: "Ignored" })).status).toBe(200);
    expect(await leadRow(lead.id)).toMatchObject({ status: "lost", lostReason: "price", lostTo: null });
    expect((await lastStatusEvent(lead.id)).data).toEqual({ from: "lost", to: "lost", lostReason: "price" });

    const other = await openLead(owner.businessId);
    expect((await owner.client.post(`/app/leads/${other.id}`, { intent: "status", status: "lost" })).status).toBe(200);
    expect(await leadRow(other.id)).toMatchObject({ status: "lost", lostReason: null, lostTo: null });
    expect((await lastStatusEvent(other.id)).data).toEqual({ from: "new", to: "lost" });
  });

  it("answers 404 for another business's lead and changes nothing", async () => {
    const owner = await registerOwner(server);
    const stranger = await registerOwner(server, "Other Cleaning");
    const lead = await openLead(owner.businessId);
    const res = await stranger.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "competitor", competitor: "Stranger Co" });
    expect(res.status).toBe(404);
    expect(await leadRow(lead.id)).toMatchObject({ status: "new", lostReason: null, lostTo: null });
    expect(await server.services.db.leadEvent.count({ where: { leadId: lead.id } })).toBe(0);
  });

  it("can be set by support staff", async () => {
    const owner = await registerOwner(server);
    const support = await addSupportMember(server, owner.businessId);
    const lead = await openLead(owner.businessId);
    const res = await support.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "no_response" });
    expect(res.status).toBe(200);
    expect(await leadRow(lead.id)).toMatchObject({ status: "lost", lostReason: "no_response" });
    const event = await lastStatusEvent(lead.id);
    expect(event.data).toEqual({ from: "new", to: "lost", lostReason: "no_response" });
    expect(event.actorUserId).not.toBe(owner.userId);
  });

  it("keeps Won's deal value prompt; Won may name the competitor; reopening clears the columns, not the history", async () => {
    const owner = await registerOwner(server);
    const lead = await openLead(owner.businessId);
    const missing = await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "won", competitor: "Sparkle Pros" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Please enter the deal value to mark this lead as Won");
    const won = await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "won", value: "4,200", competitor: " Sparkle Pros " });
    expect(won.status).toBe(200);
    expect(await leadRow(lead.id)).toMatchObject({ status: "won", valueCents: 420000, wonAgainst: "Sparkle Pros", lostReason: null });
    expect((await lastStatusEvent(lead.id)).data).toEqual({ from: "new", to: "won", valueCents: 420000, wonAgainst: "Sparkle Pros" });
    expect((await owner.client.get(`/app/leads/${lead.id}`)).text).toContain("(deal value $4,200, won against Sparkle Pros)");

    await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "competitor", competitor: "Sparkle Pros" });
    expect(await leadRow(lead.id)).toMatchObject({ status: "lost", lostTo: "Sparkle Pros", wonAgainst: null });
    await owner.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "qualified" });
    expect(await leadRow(lead.id)).toMatchObject({ status: "qualified", lostReason: null, lostTo: null, wonAgainst: null, closedAt: null });
    const history = await server.services.db.leadEvent.findMany({ where: { leadId: lead.id, type: "status_changed" }, orderBy: { createdAt: "asc" } });
    expect(history.map((e) => e.data)).toEqual([
      { from: "new", to: "won", valueCents: 420000, wonAgainst: "Sparkle Pros" },
      { from: "won", to: "lost", lostReason: "competitor", lostTo: "Sparkle Pros" },
      { from: "lost", to: "qualified" },
    ]);
  });

  it("is refused by the database for a competitor without that reason", async () => {
    const owner = await registerOwner(server);
    await expect(
      server.services.db.lead.create({ data: { businessId: owner.businessId, score: 5, priority: "low", status: "lost", lostReason: "price", lostTo: "Nope" } }),
    ).rejects.toThrow();
  });
});

describe("the PRO gate", () => {
  const PAGE = "/app/analytics/competitors";

  it("opens during the trial and on Pro", async () => {
    const trial = await registerOwner(server);
    const open = await trial.client.get(PAGE);
    expect(open.status).toBe(200);
    expect(open.text).toContain("Why leads were lost");
    expect(open.text).not.toContain("data-feature-locked");

    const pro = await registerOwner(server);
    await activeOn(pro, "Pro");
    const proPage = await pro.client.get(PAGE);
    expect(proPage.status).toBe(200);
    expect(proPage.text).toContain("Competitors you lose to most");
    // Support staff of a Pro business see it too.
    expect((await (await addSupportMember(server, pro.businessId)).get(PAGE)).status).toBe(200);
  });

  it("answers 403 on Starter with the page locked and an Unlock button, and no figures", async () => {
    const starter = await registerOwner(server);
    await activeOn(starter, "Starter");
    const lead = await openLead(starter.businessId);
    await starter.client.post(`/app/leads/${lead.id}`, { intent: "status", status: "lost", lostReason: "competitor", competitor: "Secret Rival" });
    const res = await starter.client.get(PAGE);
    expect(res.status).toBe(403);
    expect(res.text).toContain('data-feature-locked="competitor_analysis"');
    expect(res.text).toContain(">Unlock<");
    expect(res.text).toContain("PRO");
    expect(res.text).not.toContain("Secret Rival");
    expect(res.text).not.toContain("Why leads were lost");
    const support = await addSupportMember(server, starter.businessId);
    const supportPage = await support.get(PAGE);
    expect(supportPage.status).toBe(403);
    expect(supportPage.text).toContain("Ask the business owner to upgrade to");
    expect(supportPage.text).not.toContain(">Unlock<");
  });

  it("answers 403 after the trial has expired", async () => {
    const expired = await registerOwner(server);
    await expireTrial(server, expired.businessId);
    const res = await expired.client.get(`${PAGE}?days=30`);
    expect(res.status).toBe(403);
    expect(res.text).toContain('data-feature-locked="competitor_analysis"');
  });

  it("sends signed-out visitors to the login", async () => {
    const res = await fetch(new URL(PAGE, server.url), { redirect: "manual" });
    expect(res.status).toBe(302);
  });
});

describe("the figures", () => {
  type Seed = {
    status: "won" | "lost";
    daysAgo: number;
    lostReason?: "price" | "competitor" | "no_response" | "timing" | "other";
    lostTo?: string;
    wonAgainst?: string;
    valueCents?: number;
    budget?: number;
    size?: number;
    frequency?: "daily" | "weekly";
    isTest?: boolean;
    /** The market price the lead was scored with (the default $10 otherwise). */
    price?: number;
  };

  async function seed(businessId: string, now: number, leads: Seed[]) {
    for (const [i, l] of leads.entries()) {
      await server.services.db.lead.create({
        data: {
          businessId,
          name: `Seeded ${i}`,
          score: 6,
          priority: "medium",
          status: l.status,
          closedAt: new Date(now - l.daysAgo * DAY),
          createdAt: new Date(now - (l.daysAgo + 5) * DAY),
          lostReason: l.lostReason ?? null,
          lostTo: l.lostTo ?? null,
          wonAgainst: l.wonAgainst ?? null,
          valueCents: l.valueCents ?? null,
          budgetMonthlyCents: l.budget ?? null,
          buildingSizeSqFt: l.size ?? null,
          frequency: l.frequency ?? null,
          isTest: l.isTest ?? false,
          ...(l.price === undefined ? {} : { marketPriceCents: l.price }),
        },
      });
    }
  }

  it("adds up the business's closed leads per period, exactly", async () => {
    const owner = await registerOwner(server, "Figures Facility Care");
    const stranger = await registerOwner(server, "Elsewhere Cleaning");
    // $10 per 1,000 sq ft per visit: 10,000 sq ft weekly is $433 a month, 20,000 sq ft daily $4,400.
    await server.services.db.chatbot.updateMany({ where: { businessId: owner.businessId }, data: { marketPriceCents: 1000 } });
    const now = Date.now();
    const weekly10k = { size: 10_000, frequency: "weekly" as const };
    await seed(owner.businessId, now, [
      { status: "lost", daysAgo: 5, lostReason: "competitor", lostTo: "Brightway Cleaning", budget: 30_000, ...weekly10k }, // below market
      { status: "lost", daysAgo: 10, lostReason: "competitor", lostTo: "brightway cleaning", ...weekly10k }, // no budget: market $433
      { status: "lost", daysAgo: 20, lostReason: "competitor", lostTo: "Sparkle Pros", budget: 50_000, ...weekly10k }, // above
      { status: "lost", daysAgo: 3, lostReason: "price", budget: 40_000, ...weekly10k }, // at market
      { status: "lost", daysAgo: 1 }, // no reason, nothing to estimate
      { status: "won", daysAgo: 7, wonAgainst: "Brightway Cleaning", valueCents: 500_000, budget: 500_000, size: 20_000, frequency: "daily" }, // above
      { status: "won", daysAgo: 2, valueCents: 300_000, budget: 45_000, ...weekly10k }, // at market
      { status: "won", daysAgo: 15, wonAgainst: "Sparkle Pros", valueCents: 100_000 },
      // Only in the longer periods.
      { status: "lost", daysAgo: 60, lostReason: "timing", budget: 20_000 },
      { status: "lost", daysAgo: 40, lostReason: "competitor", lostTo: "Brightway Cleaning", budget: 10_000 },
      { status: "lost", daysAgo: 200, lostReason: "competitor", lostTo: "Old Rival" },
      // Never counted: a test lead, a lead closed over a year ago.
      { status: "lost", daysAgo: 3, lostReason: "competitor", lostTo: "Brightway Cleaning", isTest: true, budget: 99_000 },
      { status: "lost", daysAgo: 400, lostReason: "competitor", lostTo: "Ancient Rival" },
    ]);
    // Another business's lead, and one of ours still open.
    await seed(stranger.businessId, now, [{ status: "lost", daysAgo: 3, lostReason: "competitor", lostTo: "Brightway Cleaning", budget: 70_000 }]);
    await openLead(owner.businessId);

    const at = new Date(now + 1000);
    const d30 = await competitorAnalysis(server.services.db, { businessId: owner.businessId, days: 30, now: at });
    expect(d30.marketPriceCents).toBe(1000);
    expect(d30.totals).toEqual({ won: 3, lost: 5, winRate: 38, lostEstimatedValueCents: 163_300 });
    expect(d30.lostByReason).toEqual([
      { reason: "price", label: "Price", leads: 1, percent: 20, estimatedValueCents: 40_000 },
      { reason: "competitor", label: "Went with a competitor", leads: 3, percent: 60, estimatedValueCents: 123_300 },
      { reason: "no_response", label: "No response", leads: 0, percent: 0, estimatedValueCents: 0 },
      { reason: "timing", label: "Timing", leads: 0, percent: 0, estimatedValueCents: 0 },
      { reason: "other", label: "Other", leads: 0, percent: 0, estimatedValueCents: 0 },
      { reason: null, label: "Not given", leads: 1, percent: 20, estimatedValueCents: 0 },
    ]);
    expect(d30.competitors).toEqual([
      { name: "Brightway Cleaning", lost: 2, won: 1, winRate: 33, lostEstimatedValueCents: 73_300 },
      { name: "Sparkle Pros", lost: 1, won: 1, winRate: 50, lostEstimatedValueCents: 50_000 },
    ]);
    expect(d30.price).toEqual({
      won: {
        closed: 3,
        withBudget: 2,
        compared: 2,
        averageBudgetCents: 272_500,
        averageMarketCents: 241_650,
        budgetToMarketPercent: 113,
        belowMarket: 0,
        atMarket: 1,
        aboveMarket: 1,
        averageDealCents: 300_000,
      },
      lost: {
        closed: 5,
        withBudget: 3,
        compared: 3,
        averageBudgetCents: 40_000,
        averageMarketCents: 43_300,
        budgetToMarketPercent: 92,
        belowMarket: 1,
        atMarket: 1,
        aboveMarket: 1,
        averageDealCents: null,
      },
    });

    const d90 = await competitorAnalysis(server.services.db, { businessId: owner.businessId, days: 90, now: at });
    expect(d90.totals).toEqual({ won: 3, lost: 7, winRate: 30, lostEstimatedValueCents: 193_300 });
    expect(d90.lostByReason.find((r) => r.reason === "timing")).toMatchObject({ leads: 1, estimatedValueCents: 20_000 });
    expect(d90.competitors[0]).toEqual({ name: "Brightway Cleaning", lost: 3, won: 1, winRate: 25, lostEstimatedValueCents: 83_300 });
    expect(d90.price.lost).toMatchObject({ closed: 7, withBudget: 5, compared: 3, averageBudgetCents: 30_000 });

    const d365 = await competitorAnalysis(server.services.db, { businessId: owner.businessId, days: 365, now: at });
    expect(d365.totals.lost).toBe(8);
    expect(d365.competitors.map((c) => [c.name, c.lost, c.won])).toEqual([
      ["Brightway Cleaning", 3, 1],
      ["Sparkle Pros", 1, 1],
      ["Old Rival", 1, 0],
    ]);

    // The page shows the same figures for the chosen period (the default is 90 days).
    const page30 = await owner.client.get("/app/analytics/competitors?days=30");
    expect(page30.status).toBe(200);
    expect(page30.text).toContain('data-competitor="Brightway Cleaning"');
    expect(page30.text).toContain("$733");
    expect(page30.text).toContain("$1,633");
    expect(page30.text).not.toContain("Old Rival");
    const page365 = await owner.client.get("/app/analytics/competitors?days=365");
    expect(page365.text).toContain('data-competitor="Old Rival"');
    expect(page365.text).not.toContain("Ancient Rival");
    const fallback = await owner.client.get("/app/analytics/competitors?days=7");
    expect(fallback.status).toBe(200);
    expect(fallback.text).not.toContain("Old Rival");
    expect(fallback.text).toContain("Closed in the last 90 days");
  });

  it("compares each lead's budget at the market price it was scored with, not today's", async () => {
    const owner = await registerOwner(server, "Repriced Facility Care");
    await server.services.db.chatbot.updateMany({ where: { businessId: owner.businessId }, data: { marketPriceCents: 3000 } });
    const now = Date.now();
    const weekly10k = { size: 10_000, frequency: "weekly" as const, budget: 45_000 };
    await seed(owner.businessId, now, [
      { status: "won", daysAgo: 2, valueCents: 45_000, price: 1000, ...weekly10k }, // $433 at $10: at market
      { status: "won", daysAgo: 3, valueCents: 45_000, price: 2000, ...weekly10k }, // $866 at $20: below
      { status: "lost", daysAgo: 4, lostReason: "competitor", lostTo: "Brightway", price: 800, ...weekly10k, budget: undefined }, // no budget: $346 at $8
    ]);
    const result = await competitorAnalysis(server.services.db, { businessId: owner.businessId, days: 30, now: new Date(now + 1000) });
    expect(result.marketPriceCents).toBe(3000);
    expect(result.price.won).toMatchObject({ compared: 2, atMarket: 1, belowMarket: 1, aboveMarket: 0, averageMarketCents: 64_950 });
    expect(result.competitors).toEqual([{ name: "Brightway", lost: 1, won: 0, winRate: 0, lostEstimatedValueCents: 34_640 }]);
  });
});

// Corrections in the chat (issue 29): a visitor who fixes an answer after the closing gets the lead
// changed through the usual capture — its answers, score and priority, pushed live to the workspace —
// and the lead's history says what changed. "Are you a bot?" is answered truthfully, not taken as a
// request for a person.
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import { scoreLead } from "#server/shared/scoring/score.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    widgetLimits: { connectionsPerIpPerMinute: 1000, messagesPerVisitorPerMinute: 60, messagesPerIpPerMinute: 1000 },
  });
});

afterAll(async () => {
  await server?.close();
});

async function workspaceSocket(): Promise<{ socket: Socket; updates: LeadSummary[] }> {
  const http = new HttpClient(server.url);
  await http.post("/login", DEMO_SIGN_IN);
  const cookie = [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const socket = ioClient(`${server.url}/workspace`, { transports: ["websocket"], reconnection: false, forceNew: true, extraHeaders: { Cookie: cookie, Origin: server.url } });
  const updates: LeadSummary[] = [];
  socket.on("lead:updated", ({ lead }: { lead: LeadSummary }) => updates.push(lead));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, updates };
}

describe("corrections after the closing", () => {
  it("change the lead, its score and priority, push it live and say so in the lead's history", async () => {
    const workspace = await workspaceSocket();
    const v = new Visitor(server.url, { siteKey: "demo" });
    await v.connect();
    const opened = await v.open({ pageUrl: "https://customer.example/" });
    expect(opened.ok).toBe(true);

    const bot = await v.say("are you a bot?");
    expect(bot.text).toMatch(/automated assistant/);
    expect(bot.text).not.toMatch(/shortly/);

    for (const answer of ["office cleaning", "12,000 sq ft", "weekly", "not sure", "not until spring", "Dr. Priya Nair", "Nair Dental"]) await v.say(answer);
    const closing = await v.say("priya@nairdental.example");
    expect(closing.text).toContain("Priya");
    expect(closing.text).not.toMatch(/Dr\.!/);
    await server.app.chat.idle();
    const before = await server.services.db.lead.findFirstOrThrow({ where: { conversationId: v.conversationId! } });
    expect(before).toMatchObject({ name: "Dr. Priya Nair", buildingSizeSqFt: 12_000, email: "priya@nairdental.example" });

    const size = await v.say("correction: it's 60,000 sq ft, not 12,000");
    expect(size.text).toContain("60,000 sq ft");
    const email = await v.say("oops typo, it's priya@nair-dental.example");
    expect(email.text).toContain("priya@nair-dental.example");
    await server.app.chat.idle();

    const after = await server.services.db.lead.findFirstOrThrow({ where: { conversationId: v.conversationId! }, include: { events: { orderBy: { createdAt: "asc" } } } });
    expect(after).toMatchObject({ id: before.id, buildingSizeSqFt: 60_000, email: "priya@nair-dental.example", sizePoints: 10 });
    const rescored = scoreLead({
      buildingSizeSqFt: 60_000,
      frequency: "weekly",
      budgetMonthlyCents: null,
      timeline: after.timeline as "beyond_90_days",
      marketPriceCents: after.marketPriceCents,
    });
    expect(after.score).toBe(rescored.score);
    expect(after.score).toBeGreaterThan(before.score);
    const corrected = after.events.filter((e) => e.type === "answers_corrected");
    expect(corrected.map((e) => e.data)).toEqual([
      expect.objectContaining({
        changes: [{ field: "Building size", from: "about 12,000 sq ft", to: "about 60,000 sq ft" }],
        score: { from: before.score, to: after.score },
      }),
      expect.objectContaining({ changes: [{ field: "Email", from: "priya@nairdental.example", to: "priya@nair-dental.example" }] }),
    ]);
    await expect.poll(() => workspace.updates.some((l) => l.id === before.id && l.score === after.score)).toBe(true);
    workspace.socket.disconnect();
    v.disconnect();
  });
});

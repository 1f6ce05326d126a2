// @postgres: two instances on one database, sharing rooms and limits through Redis.
// Two instances on one PostgreSQL database sharing socket.io rooms and rate limits through Redis
// (DESIGN §3). Runs when DATABASE_URL and REDIS_URL are set (CI sets both where the services exist).
import { io as ioClient } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(process.env.DATABASE_URL && redisUrl);

describe.skipIf(!enabled)("scale-out: two instances, PostgreSQL and Redis", () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer({ redisUrl });
    b = await startTestServer({ redisUrl, shareDatabaseWith: a, seedDemo: false });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a lead captured through instance A reaches a workspace connected to instance B", async () => {
    const http = new HttpClient(b.url);
    const login = await http.post("/login", DEMO_SIGN_IN);
    expect(login.location).toBe("/app");
    const workspace = ioClient(`${b.url}/workspace`, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Cookie: `lb_session=${http.cookies.get("lb_session")}`, Origin: b.url },
    });
    const created: LeadSummary[] = [];
    workspace.on("lead:created", ({ lead }: { lead: LeadSummary }) => created.push(lead));
    await new Promise<void>((resolve, reject) => {
      workspace.once("connect", () => resolve());
      workspace.once("connect_error", reject);
    });

    const visitor = new Visitor(a.url, { siteKey: "demo" });
    await visitor.connect();
    await visitor.open();
    for (const answer of ["Industrial", "Over 50,000 sq ft", "Daily", "Over $10,000", "Immediately", "Sam Reed", "Reed Logistics"]) {
      await visitor.say(answer);
    }
    await visitor.say("sam@reedlogistics.example");
    await expect.poll(() => created.length, { timeout: 10_000 }).toBe(1);
    expect(created[0]).toMatchObject({ name: "Sam Reed", company: "Reed Logistics", priority: "high" });

    // The conversation continues on the other instance with its history.
    const conversationId = visitor.conversationId!;
    visitor.disconnect();
    const moved = new Visitor(b.url, { siteKey: "demo", visitorId: visitor.visitorId });
    await moved.connect();
    const reopened = await moved.open({ conversationId, lastSeq: 0 });
    expect(reopened.ok && reopened.messages.length).toBe(17);
    moved.disconnect();
    workspace.disconnect();
  });
});

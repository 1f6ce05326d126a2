// The benchmarks' signed-in owner: registers "Bench Cleaning Co" through the real form and returns the
// cookie-keeping client with the business's ids, and a timed GET with that client's session.
import { performance } from "node:perf_hooks";
import { HttpClient } from "../../support/http-client.ts";
import type { TestServer } from "../../support/test-server.ts";

export type BenchOwner = { client: HttpClient; userId: string; businessId: string; chatbotId: string };

export async function registerBenchOwner(server: TestServer): Promise<BenchOwner> {
  const client = new HttpClient(server.url);
  const email = `bench-${Date.now()}@example.com`;
  const registered = await client.post("/register", {
    businessName: "Bench Cleaning Co",
    email,
    password: "CleanFloors1",
    confirmPassword: "CleanFloors1",
    acceptTerms: "on",
  });
  if (registered.status !== 302) throw new Error(`register failed: ${registered.status}`);
  const db = server.services.db;
  const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  const businessId = user.memberships[0]!.businessId;
  const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId }, select: { id: true } });
  return { client, userId: user.id, businessId, chatbotId: chatbot.id };
}

/** A GET with the owner's session, timed from sending to the whole body read. */
export async function timedGet(server: TestServer, client: HttpClient, path: string): Promise<{ res: Response; body: string; ms: number }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const started = performance.now();
  const res = await fetch(new URL(path, server.url), { headers: { Cookie: cookie }, redirect: "manual" });
  const body = await res.text();
  return { res, body, ms: performance.now() - started };
}

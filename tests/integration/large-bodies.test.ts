// Large request bodies (issue 27, items 3 and 4). The upload limits are keyed on the route, so the pages'
// single-fetch posts (`/app/outreach.data`, `/app/settings/profile.data`) and every other spelling of a route
// get its limit, not the 64 KB default. A body over the default limit is read only for a caller who may
// use the route (session, owner, plan), checked before a byte is read, and only a few at a time per
// client IP and in all (429/503 with Retry-After).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "turbo-stream";
import { LARGE_BODY_SLOTS } from "#server/http/large-bodies.server.ts";
import { KEEP_ALIVE_TIMEOUT_MS } from "#server/app.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { chunkedPost, declaredPost } from "../support/raw-posts.ts";
import { addSupportMember, registerOwner, type Owner } from "./billing-support.ts";
import type { HttpClient } from "../support/http-client.ts";
import { prospectCsv } from "../support/prospect-csv.ts";

let server: TestServer;
let pro: Owner;
let starter: Owner;
let support: HttpClient;

const KB = 1024;
const TEN_MB = 10 * 1024 * 1024;
// A real 1×1 PNG; the bytes after it pad the file (an image may carry trailing data).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

beforeAll(async () => {
  // Client IPs come from X-Forwarded-For (one proxy hop), so the overall cap can be reached from loopback.
  server = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: "1" } });
  pro = await registerOwner(server, "Prairie Office Cleaning"); // a trial: Pro features
  starter = await registerOwner(server, "Starter Sweepers");
  support = await addSupportMember(server, pro.businessId);
  const start = new Date(Date.now() - 3 * 86_400_000);
  await server.services.db.business.update({
    where: { id: starter.businessId },
    data: { subscriptionStatus: "active", plan: "Starter", billingPeriod: "monthly", currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000) },
  });
});
afterAll(async () => {
  await server?.close();
});

/** A single-fetch answer (turbo-stream), as the page's fetchers read it. */
async function actionData(res: Response): Promise<{ ok?: boolean; message?: string; error?: string; report?: { imported: number } }> {
  const stream = await decode(res.body!);
  await stream.done;
  return ((stream.value as { data?: object }).data ?? {}) as { ok?: boolean };
}

let csvs = 0;
/** A prospect CSV of about `bytes`; each call's addresses are new (a retried import is not a duplicate). */
const csvOf = (bytes: number): string => prospectCsv(bytes, { tag: `b${++csvs}` }).text;

async function post(path: string, client: HttpClient, form: FormData): Promise<Response> {
  return fetch(new URL(path, server.url), { method: "POST", headers: { Cookie: cookieOf(client) }, body: form, redirect: "manual" });
}

/** Only the headers and 1 KB of a body declared as `declared` bytes: only a server that does not read it answers. */
const declaredBody = (path: string, declared: number, headers: Record<string, string> = {}) =>
  declaredPost(server.url, path, declared, { headers: { "Content-Type": "multipart/form-data; boundary=x", ...headers } });

/** Starts a large upload that stalls after 1 KB (holding a slot); `abort` ends it. */
function stalledUpload(path: string, headers: Record<string, string>) {
  const req = http.request(new URL(path, server.url), {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024), ...headers },
  });
  req.on("error", () => {});
  req.write(Buffer.alloc(KB, "a"));
  return { abort: () => req.destroy() };
}

/** Waits for the server to be reading `n` large bodies. */
async function readingBodies(n: number) {
  await expect.poll(() => server.app.largeBodySlots.inUse()).toBe(n);
}

describe("upload limits keyed on the route", () => {
  it("imports a 300 KB CSV posted to /app/outreach.data, as the page does", async () => {
    const csv = csvOf(300 * KB);
    const form = new FormData();
    form.append("intent", "import");
    form.append("file", new Blob([csv], { type: "text/csv" }), "prospects.csv");
    const res = await post("/app/outreach.data", pro.client, form);
    expect(res.status).toBe(200);
    const body = await actionData(res);
    expect(body.ok).toBe(true);
    expect(body.report?.imported).toBe(csv.split("\n").length - 1);
  });

  it("takes a 300 KB logo at every spelling of the settings route", async () => {
    for (const path of ["/app/settings/profile.data", "/app/settings/profile/", "/APP/Settings/Profile.data", "/app/settings/profile"]) {
      const form = new FormData();
      form.append("intent", "logo-upload");
      form.append("logo", new Blob([Buffer.concat([PNG, Buffer.alloc(300 * KB)])], { type: "image/png" }), "logo.png");
      const res = await post(path, pro.client, form);
      expect(res.status, path).not.toBe(413);
      expect(res.status, path).toBeLessThan(300);
      expect(await res.text(), path).toContain("Logo uploaded.");
    }
  });

  it("still refuses a body over the route's own limit, at every spelling", async () => {
    for (const path of ["/app/outreach.data", "/app/settings/profile.data", "/app/settings/profile/", "/app/leads.data"]) {
      expect((await declaredBody(path, 20 * 1024 * 1024, { Cookie: cookieOf(pro.client) })).statusCode, path).toBe(413);
    }
    // The default limit still holds for the other routes' single-fetch posts.
    expect((await declaredBody("/app/leads.data", 100 * KB, { Cookie: cookieOf(pro.client) })).statusCode).toBe(413);
  });
});

describe("kept-alive connections", () => {
  it("are kept open longer than a proxy's 60 s idle timeout, and the server says so", async () => {
    // A proxy that reuses a connection the server is closing gets the request reset (decision 0110).
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(new URL("/healthz", server.url), { agent: new http.Agent({ keepAlive: true }) }, resolve);
      req.on("error", reject);
    });
    res.resume();
    expect(res.headers.connection).toBe("keep-alive");
    expect(res.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    res.socket.destroy();
  });
});

describe("large bodies only for callers who may send them", () => {
  it("answers an anonymous 10 MB post at once, without reading the body", async () => {
    const posts: [string, number][] = [["/app/outreach", TEN_MB], ["/app/outreach.data", TEN_MB], ["/app/settings/profile.data", 2 * 1024 * 1024], ["/app/settings/profile", 2 * 1024 * 1024]];
    for (const [path, size] of posts) {
      const res = await declaredBody(path, size);
      // Sent to sign in, in the route's own format: a redirect for a page, a redirect answer for a fetch.
      expect([302, 202, 204], path).toContain(res.statusCode);
      expect(res.headers.connection, path).toBe("close");
    }
  });

  it("answers an unentitled member at once: Starter on outreach, support staff in settings", async () => {
    expect((await declaredBody("/app/outreach.data", TEN_MB, { Cookie: cookieOf(starter.client) })).statusCode).toBe(403);
    expect((await declaredBody("/app/settings/profile.data", 2 * 1024 * 1024, { Cookie: cookieOf(support) })).statusCode).toBe(403);
    expect((await declaredBody("/api/v1/leads", 200 * KB, { "Content-Type": "application/json", Authorization: "Bearer lb_live_nope" })).statusCode).toBe(401);
  });

  it("answers an anonymous chunked upload without reading it to its end", async () => {
    const { status, sent } = await chunkedPost(server.url, "/app/outreach.data", TEN_MB, { "Content-Type": "multipart/form-data; boundary=x" });
    expect([202, 204]).toContain(status);
    expect(sent).toBeLessThan(TEN_MB);
  });

  it("reads at most a few large bodies per client IP and in all", async () => {
    const cookie = cookieOf(pro.client);
    const from = (ip: string) => ({ Cookie: cookie, "X-Forwarded-For": ip });
    const held = [stalledUpload("/app/outreach.data", from("203.0.113.1")), stalledUpload("/app/outreach.data", from("203.0.113.1"))];
    await readingBodies(LARGE_BODY_SLOTS.perIp);
    const perIp = await declaredBody("/app/outreach.data", TEN_MB, from("203.0.113.1"));
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers["retry-after"]).toBe("5");

    for (let i = 2; held.length < LARGE_BODY_SLOTS.total; i++) {
      held.push(stalledUpload("/app/outreach.data", from(`203.0.113.${i}`)), stalledUpload("/app/outreach.data", from(`203.0.113.${i}`)));
    }
    await readingBodies(LARGE_BODY_SLOTS.total);
    const overall = await declaredBody("/app/outreach.data", TEN_MB, from("198.51.100.7"));
    expect(overall.statusCode).toBe(503);
    expect(overall.headers["retry-after"]).toBe("5");
    // Small forms are not counted: the rest of the app goes on.
    expect((await fetch(new URL("/healthz", server.url))).status).toBe(200);

    for (const upload of held) upload.abort();
    await readingBodies(0);
    // Freed: an upload from the first address is read again.
    const csv = csvOf(100 * KB);
    const form = new FormData();
    form.append("intent", "import");
    form.append("file", new Blob([csv], { type: "text/csv" }), "prospects.csv");
    const res = await fetch(new URL("/app/outreach.data", server.url), { method: "POST", headers: from("203.0.113.1"), body: form, redirect: "manual" });
    expect(res.status).toBe(200);
    expect((await actionData(res)).ok).toBe(true);
  });
});

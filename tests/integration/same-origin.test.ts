// Cross-site requests are refused before any route runs (issue 13): cross-origin POSTs to UI routes
// once answered 500 with a stack in the log, and resource routes (/logout, /app/notifications,
// /api/subscribe) had no Origin check at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("same-origin guard", () => {
  it("refuses a state-changing request from another origin with 403 and a plain message", async () => {
    const victim = new HttpClient(server.url);
    expect((await victim.post("/login", { intent: "login", email: DEMO.email, password: DEMO.password })).status).toBe(302);
    const cookie = [...victim.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const path of ["/login", "/logout", "/app/notifications", "/api/subscribe", "/app/settings/profile", "/api/contact", "/app/leads/new"]) {
      const res = await fetch(new URL(path, server.url), {
        method: "POST",
        headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=x",
        redirect: "manual",
      });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toBe("Cross-site request refused.");
    }
    // Fetch Metadata alone (no Origin) says the same.
    const marked = await fetch(new URL("/logout", server.url), { method: "POST", headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(marked.status).toBe(403);
    // The session survived all of it.
    expect((await victim.get("/app/dashboard")).status).toBe(200);
  });

  it("takes the app's own origin, and requests that carry no browser origin at all", async () => {
    const own = new HttpClient(server.url, { Origin: new URL(server.url).origin, "Sec-Fetch-Site": "same-origin" });
    expect((await own.post("/login", { intent: "login", email: DEMO.email, password: DEMO.password })).status).toBe(302);
    const plain = new HttpClient(server.url);
    expect((await plain.post("/login", { intent: "login", email: DEMO.email, password: DEMO.password })).status).toBe(302);
  });

  it("leaves the signed Stripe webhook and the Bearer-key REST API to their own checks", async () => {
    const webhook = await fetch(new URL("/api/stripe/webhook", server.url), { method: "POST", headers: { Origin: "https://stripe.example" }, body: "{}" });
    expect(webhook.status).not.toBe(403);
    const api = await fetch(new URL("/api/v1/leads", server.url), { method: "POST", headers: { Origin: "https://zapier.example", Authorization: "Bearer lb_nope" }, body: "{}" });
    expect(api.status).toBe(401);
  });
});

describe("HSTS", () => {
  it("is sent only when the app is served over https", async () => {
    expect((await fetch(new URL("/", server.url))).headers.get("Strict-Transport-Security")).toBeNull();
    const secure = await startTestServer({ seedDemo: false, env: { PUBLIC_APP_URL: "https://app.leadbroom.example" } });
    try {
      const address = secure.app.httpServer.address();
      if (!address || typeof address === "string") throw new Error("no port");
      const res = await fetch(`http://127.0.0.1:${address.port}/healthz`);
      expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await secure.close();
    }
  });
});

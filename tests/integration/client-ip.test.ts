// TRUST_PROXY (issue 13): behind one proxy, the client IP is the X-Forwarded-For entry that proxy
// added, so rotating forged entries in front of it does not escape a per-IP limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seedDemo: false,
    env: { TRUST_PROXY: "1" },
    authLimits: { attemptsPerAccountAndIp: 100, attemptsPerIp: 3, resetsPerIp: 100, windowSeconds: 900 },
  });
});
afterAll(async () => {
  await server?.close();
});

describe("client IP behind a trusted proxy", () => {
  it("counts a forged X-Forwarded-For against the address the proxy added", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The client wrote "6.6.6.i"; the proxy appended the address it really came from.
      const client = new HttpClient(server.url, { "X-Forwarded-For": `6.6.6.${i}, 203.0.113.5` });
      const res = await client.post("/login", { intent: "login", email: `nobody${i}@example.com`, password: "WrongPass1" });
      statuses.push(res.status);
    }
    // Three failures from 203.0.113.5, then that address is blocked whatever it claims to be.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);

    // Another client behind the same proxy is not blocked.
    const other = new HttpClient(server.url, { "X-Forwarded-For": "198.51.100.20" });
    expect((await other.post("/login", { intent: "login", email: "nobody@example.com", password: "WrongPass1" })).status).toBe(401);
  });
});

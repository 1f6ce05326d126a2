// @postgres: limits under parallel requests.
// Limits that hold under parallel requests (issue 13): each is consumed before the work. Before this,
// 30 parallel wrong passwords were all verified against a limit of 5, 25 contact messages were
// accepted against 5 an hour (and as many job applications with their résumés), and registration had
// no limit at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSIONS_PER_WINDOW } from "#server/public-site/submission-limit.server.ts";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { readdir } from "node:fs/promises";
import { resumesDir } from "#server/public-site/applications.server.ts";
import { pdfBytes } from "../support/documents.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seedDemo: false,
    // Behind "one proxy" so each test can be its own address (X-Forwarded-For), as real clients are.
    env: { TRUST_PROXY: "1" },
    authLimits: { attemptsPerAccountAndIp: 5, attemptsPerIp: 100, registrationsPerIp: 3 },
  });
});
afterAll(async () => {
  await server?.close();
});

const from = (ip: string) => new HttpClient(server.url, { "X-Forwarded-For": ip });

describe("limits consumed before the work", () => {
  it("verifies at most 5 of 30 parallel wrong passwords, and the owner signs in from their own address", async () => {
    const email = `race-${Date.now()}@example.com`;
    const password = "RightPass2026";
    expect((await registerAccount(server.services.db, { businessName: "Race Cleaning", email, password })).ok).toBe(true);
    const attacker = from("203.0.113.66");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attacker.post("/login", { intent: "login", email, password: `Wrong${i}Pass` })),
    );
    const verified = answers.filter((r) => r.text.includes("Incorrect password"));
    const refused = answers.filter((r) => r.status === 429 && r.text.includes("Too many failed attempts. Please try again later"));
    expect(verified).toHaveLength(5);
    expect(refused).toHaveLength(25);
    // The attacker's address stays locked out of this account, even with the right password...
    expect((await attacker.post("/login", { intent: "login", email, password })).status).toBe(429);
    // ...but the owner, on another address, is not locked out.
    expect((await from("198.51.100.10").post("/login", { intent: "login", email, password })).status).toBe(302);
  });

  it("stores at most the hourly limit of 25 parallel contact messages from one address", async () => {
    const client = from("203.0.113.77");
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client.post("/api/contact", { name: "Racer", email: `racer${i}@example.com`, company: "Race Co", message: "Hello there, please call." }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(25 - SUBMISSIONS_PER_WINDOW);
    expect(await server.services.db.contactMessage.count({ where: { company: "Race Co" } })).toBe(SUBMISSIONS_PER_WINDOW);
  });

  it("stores at most the hourly limit of 25 parallel job applications from one address, and only their résumés", async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const form = new FormData();
        const fields = { position: "sdr", name: "Race Applicant", email: `applicant${i}@example.com`, coverLetter: "I have sold to facility managers." };
        for (const [key, value] of Object.entries(fields)) form.set(key, value);
        form.set("resume", new File([new Uint8Array(pdfBytes())], "cv.pdf"));
        return fetch(`${server.url}/api/careers`, { method: "POST", body: form, headers: { "X-Forwarded-For": "203.0.113.99" } });
      }),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(25 - SUBMISSIONS_PER_WINDOW);
    expect(await server.services.db.jobApplication.count({ where: { name: "Race Applicant" } })).toBe(SUBMISSIONS_PER_WINDOW);
    // Refused applications leave no résumé behind.
    expect(await readdir(resumesDir(server.services.env.DATA_DIR))).toHaveLength(SUBMISSIONS_PER_WINDOW);
  });

  it("creates at most the limit of accounts from one address, even in parallel", async () => {
    const client = from("203.0.113.88");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new HttpClient(server.url, client.headers).post("/register", {
          businessName: `Bulk ${i}`,
          displayName: `Bulk Owner ${i}`,
          email: `bulk-${i}-${Date.now()}@example.com`,
          password: "BulkPass2026",
          confirmPassword: "BulkPass2026",
          acceptTerms: "on",
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 302)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.text).toContain("Too many attempts. Please try again later");
  });
});

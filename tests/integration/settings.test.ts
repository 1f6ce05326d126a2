// @postgres: two summary runs at once.
// Settings over HTTP against the real server: Business Profile (validation, persistence, logo upload
// and serving), Notifications (the high-priority e-mail and the daily summary made real) and Email
// Settings (used as From name and Reply-To of lead e-mails). Owners only: support staff get 403.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { logosDir } from "#server/businesses/logo-files.server.ts";
import { queueDailySummaries } from "#server/jobs/daily-summary.server.ts";
import { sendLeadEmail } from "#server/leads/lead-email.server.ts";
import { unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { EVENT_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { describeOnPgliteOnly } from "../support/postgres-pass.ts";
import { Visitor } from "../support/widget-client.ts";

let server: TestServer;
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterEach(() => {
  for (const v of visitors.splice(0)) v.disconnect();
});

afterAll(async () => {
  await server?.close();
});

const password = "CleanFloors1";
let counter = 0;

async function newOwner(businessName = "Acme Janitorial") {
  counter += 1;
  const email = `settings-owner${counter}-${Date.now()}@example.com`;
  const result = await registerAccount(server.services.db, { businessName, email, password });
  if (!result.ok) throw new Error(result.code);
  const client = new HttpClient(server.url);
  expect((await client.post("/login", { intent: "login", email, password })).status).toBe(302);
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: result.value.businessId } });
  return { client, email, businessId: result.value.businessId, siteKey: chatbot.siteKey };
}

async function signInSupport(businessId: string) {
  counter += 1;
  const email = `settings-support${counter}-${Date.now()}@example.com`;
  await server.services.db.user.create({
    data: { email, passwordHash: await hashPassword(password), displayName: "Sam Support", memberships: { create: { businessId, role: "support" } } },
  });
  const client = new HttpClient(server.url);
  expect((await client.post("/login", { intent: "login", email, password })).status).toBe(302);
  return client;
}

const business = (id: string) => server.services.db.business.findUniqueOrThrow({ where: { id } });

const validProfile = {
  intent: "profile",
  name: "Acme Janitorial Group",
  businessType: "Facility Management",
  email: "Office@Acme-Clean.example",
  phone: "(555) 123-4567",
  street: "12 Main Street",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  serviceAreas: " Springfield , Chatham,, Rochester ",
  description: "Office and medical cleaning since 1998, fully insured.",
};

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function uploadLogo(client: HttpClient, bytes: Uint8Array<ArrayBuffer>, fileName: string, type: string) {
  const form = new FormData();
  form.append("intent", "logo-upload");
  form.append("logo", new Blob([bytes], { type }), fileName);
  const res = await fetch(new URL("/app/settings/profile", server.url), {
    method: "POST",
    headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    body: form,
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

describeOnPgliteOnly("business profile", () => {
  it("saves every field, normalised, and shows it again", async () => {
    const { client, businessId } = await newOwner();
    const res = await client.post("/app/settings/profile", validProfile);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Settings saved successfully!");
    const saved = await business(businessId);
    expect(saved).toMatchObject({
      name: "Acme Janitorial Group",
      businessType: "Facility Management",
      email: "office@acme-clean.example",
      phone: "(555) 123-4567",
      street: "12 Main Street",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      serviceAreas: ["Springfield", "Chatham", "Rochester"],
      description: "Office and medical cleaning since 1998, fully insured.",
    });
    const page = await client.get("/app/settings/profile");
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="Acme Janitorial Group"');
    expect(page.text).toContain("Springfield, Chatham, Rochester");

    // Emptied optional fields are cleared.
    const cleared = await client.post("/app/settings/profile", { ...validProfile, phone: "", street: "", description: "" });
    expect(cleared.status).toBe(200);
    expect(await business(businessId)).toMatchObject({ phone: null, street: null, description: null });
  });

  it("refuses invalid input with the field's message and writes nothing", async () => {
    const { client, businessId } = await newOwner("Untouched Cleaning");
    const before = await business(businessId);
    for (const [field, value, message] of [
      ["name", "  ", "Business name is required."],
      ["businessType", "Window Washing", "Choose a business type."],
      ["email", "not-an-email", "Invalid email address"],
      ["phone", "call me", "Enter a phone number with at least 7 digits"],
      ["description", "x".repeat(2001), "Business description must be at most 2000 characters."],
    ] as const) {
      const res = await client.post("/app/settings/profile", { ...validProfile, [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.text).toContain("Error saving settings. Please try again.");
      expect(res.text).toContain(message);
    }
    const after = await business(businessId);
    expect(after.name).toBe("Untouched Cleaning");
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("is owner-only: support staff get 403 from the page and every action", async () => {
    const { businessId } = await newOwner("Owner Only Cleaning");
    const support = await signInSupport(businessId);
    expect((await support.get("/app/settings/profile")).status).toBe(403);
    const page = await support.get("/app/settings/users");
    expect(page.status).toBe(403);
    expect(page.text).toContain("Settings are for owners");
    const posts: [string, Record<string, string>][] = [
      ["/app/settings/profile", validProfile],
      ["/app/settings/notifications", { intent: "notifications", notifyDailySummary: "on" }],
      ["/app/settings/email", { intent: "email", emailSenderName: "Hacked", emailReplyTo: "" }],
      ["/app/settings/users", { intent: "invite", email: "friend@example.com", role: "owner" }],
      ["/app/settings/profile", { intent: "logo-remove" }],
      ["/app/settings", { intent: "profile" }], // the old address of every form
    ];
    for (const [path, body] of posts) {
      expect((await support.post(path, body)).status, path).toBe(403);
    }
    expect(await business(businessId)).toMatchObject({ name: "Owner Only Cleaning", notifyDailySummary: false, emailSenderName: null });
    expect(await server.services.db.invite.count({ where: { businessId } })).toBe(0);
    expect((await uploadLogo(support, PNG, "logo.png", "image/png")).status).toBe(403);
  });
});

describeOnPgliteOnly("logo", () => {
  it("stores a PNG under a random name, serves it with its type, nosniff and a long cache, replaces and removes it", async () => {
    const { client, businessId } = await newOwner();
    const res = await uploadLogo(client, PNG, "my logo.png", "image/png");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Logo uploaded.");
    const first = (await business(businessId)).logoPath!;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(existsSync(path.join(logosDir(server.services.env.DATA_DIR), first))).toBe(true);

    const served = await fetch(new URL(`/uploads/logos/${first}`, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await client.get("/app/settings/profile")).text).toContain(`/uploads/logos/${first}`);

    // Replacing deletes the old file; a JPEG is recognised by its bytes whatever its name says.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
    expect((await uploadLogo(client, jpeg, "photo.png", "image/png")).status).toBe(200);
    const second = (await business(businessId)).logoPath!;
    expect(second).toMatch(/\.jpg$/);
    expect(existsSync(path.join(logosDir(server.services.env.DATA_DIR), first))).toBe(false);
    expect((await fetch(new URL(`/uploads/logos/${first}`, server.url))).status).toBe(404);
    expect((await fetch(new URL(`/uploads/logos/${second}`, server.url))).headers.get("content-type")).toBe("image/jpeg");

    const removed = await client.post("/app/settings/profile", { intent: "logo-remove" });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain("Logo removed.");
    expect((await business(businessId)).logoPath).toBeNull();
    expect(existsSync(path.join(logosDir(server.services.env.DATA_DIR), second))).toBe(false);
  });

  it("rejects a renamed non-image, an SVG and an oversize file, keeping the current logo", async () => {
    const { client, businessId } = await newOwner();
    expect((await uploadLogo(client, PNG, "logo.png", "image/png")).status).toBe(200);
    const current = (await business(businessId)).logoPath;

    const fake = await uploadLogo(client, new TextEncoder().encode("MZ this is really an executable"), "logo.png", "image/png");
    expect(fake.status).toBe(400);
    expect(fake.text).toContain("The logo must be a PNG, JPEG or WebP image.");
    const svg = await uploadLogo(client, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.svg", "image/svg+xml");
    expect(svg.status).toBe(400);

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    const oversize = await uploadLogo(client, big, "huge.png", "image/png");
    expect(oversize.status).toBe(413);
    expect(oversize.text).toContain("The logo must be 2 MB or smaller.");

    const empty = await uploadLogo(client, new Uint8Array(0), "empty.png", "image/png");
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Choose an image file to upload.");

    expect((await business(businessId)).logoPath).toBe(current);
    const { readdir } = await import("node:fs/promises");
    const files = await readdir(logosDir(server.services.env.DATA_DIR));
    expect(files).toContain(current);
    expect((await fetch(new URL("/uploads/logos/..%2F..%2Fsession-secret", server.url))).status).toBe(404);
  });
});

describeOnPgliteOnly("email settings", () => {
  it("validates and saves the sender name and reply-to, which lead e-mails then use", async () => {
    const { client, businessId } = await newOwner("Sparkle Office Care");
    const bad = await client.post("/app/settings/email", { intent: "email", emailSenderName: 'Evil" <x@y>', emailReplyTo: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Sender name cannot contain quotes");
    expect(await business(businessId)).toMatchObject({ emailSenderName: null, emailReplyTo: null });

    const ok = await client.post("/app/settings/email", {
      intent: "email",
      emailSenderName: "Sparkle Office Care",
      emailReplyTo: "Sales@Sparkle.example",
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Settings saved successfully!");
    expect(await business(businessId)).toMatchObject({ emailSenderName: "Sparkle Office Care", emailReplyTo: "sales@sparkle.example" });

    const lead = await server.services.db.lead.create({
      data: { businessId, name: "Pat Buyer", email: "pat@buyer.example", score: 8.5, priority: "high", source: "manual" },
    });
    const { db, jobs } = server.services;
    const sent = await sendLeadEmail(
      { db, jobs, unsubscribe: unsubscribeSigner(server.services) },
      { businessId, leadId: lead.id, actorUserId: (await db.membership.findFirstOrThrow({ where: { businessId } })).userId, input: { kind: "quote", subject: "Your quote", body: "Here it is." } },
    );
    expect(sent.ok).toBe(true);
    await jobs.idle([MAIL_QUEUE]);
    const mail = (await readOutbox(server.services.outboxDir)).find((m) => m.to === "pat@buyer.example")!;
    expect(mail.from).toBe('"Sparkle Office Care" <no-reply@leadbroom.test>');
    expect(mail.replyTo).toBe("sales@sparkle.example");
  });
});

/** A visitor who answers every question with quick replies: a High lead. */
async function qualifyHighLead(siteKey: string, name: string): Promise<void> {
  const v = new Visitor(server.url, { siteKey });
  visitors.push(v);
  await v.connect();
  const opened = await v.open();
  if (!opened.ok) throw new Error(opened.error);
  await v.qualifyHighLead({ name, company: "Acme Property Group", contact: `${name.split(" ")[0]!.toLowerCase()}@acme.example` });
  await server.app.chat.idle();
}

describeOnPgliteOnly("notifications", () => {
  it("saves both preferences (unchecked boxes mean off)", async () => {
    const { client, businessId } = await newOwner();
    expect(await business(businessId)).toMatchObject({ notifyHighPriorityEmail: true, notifyDailySummary: false });
    const res = await client.post("/app/settings/notifications", { intent: "notifications", notifyDailySummary: "on" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Settings saved successfully!");
    expect(await business(businessId)).toMatchObject({ notifyHighPriorityEmail: false, notifyDailySummary: true });
  });

  it("e-mails the owners about a new high-priority lead when the preference is on, and not when it is off", async () => {
    const on = await newOwner("Alert Cleaning");
    await qualifyHighLead(on.siteKey, "Hana High");
    await expect
      .poll(async () => (await readOutbox(server.services.outboxDir)).filter((m) => m.to === on.email).map((m) => m.subject), { timeout: 10_000 })
      .toHaveLength(1);
    const mail = (await readOutbox(server.services.outboxDir)).find((m) => m.to === on.email)!;
    expect(mail.subject).toMatch(/^New high-priority lead: Hana High \(Acme Property Group\) \(score (8|9|10)\.\d\)$/);
    const lead = await server.services.db.lead.findFirstOrThrow({ where: { businessId: on.businessId } });
    expect(mail.text).toContain(`${server.url}/app/leads/${lead.id}`);

    const off = await newOwner("Quiet Cleaning");
    expect((await off.client.post("/app/settings/notifications", { intent: "notifications" })).status).toBe(200);
    await qualifyHighLead(off.siteKey, "Olga Off");
    await expect.poll(() => server.services.db.notification.count({ where: { businessId: off.businessId } })).toBe(1);
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    expect((await readOutbox(server.services.outboxDir)).filter((m) => m.to === off.email)).toEqual([]);
  });
});

describe("daily summary", () => {
  async function summaryBusiness(notify: boolean) {
    const owner = await newOwner("Summary Cleaning");
    await server.services.db.business.update({
      where: { id: owner.businessId },
      data: { notifyDailySummary: notify, timeZone: "America/Chicago" },
    });
    const lead = (name: string, createdAt: string, extra: Record<string, unknown> = {}) =>
      server.services.db.lead.create({
        data: { businessId: owner.businessId, name, score: 9, priority: "high", createdAt: new Date(createdAt), ...extra },
      });
    await lead("Early Bird", "2026-11-19T12:00:00Z"); // 06:00 on the 19th in Chicago
    await lead("Night Owl", "2026-11-20T05:30:00Z", { score: 5, priority: "low" }); // 23:30 on the 19th
    await lead("Day Before", "2026-11-19T05:00:00Z"); // 23:00 on the 18th
    await lead("This Morning", "2026-11-20T07:00:00Z"); // 01:00 on the 20th
    await lead("Tester", "2026-11-19T18:00:00Z", { isTest: true });
    return owner;
  }

  // The summaries are e-mail jobs: read the outbox once the job layer has delivered what was queued.
  const mailsTo = async (email: string) => {
    await server.services.jobs.idle([MAIL_QUEUE]);
    return (await readOutbox(server.services.outboxDir)).filter((m) => m.to === email);
  };

  it("sends yesterday's leads once per local day from 7 AM, and again the next day", async () => {
    const owner = await summaryBusiness(true);
    // 06:00 in Chicago: too early.
    expect(await queueDailySummaries(server.services, new Date("2026-11-20T12:00:00Z"))).not.toContain(owner.businessId);
    // 09:00 in Chicago: yesterday (the 19th, local) had two real leads.
    expect(await queueDailySummaries(server.services, new Date("2026-11-20T15:00:00Z"))).toContain(owner.businessId);
    let mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Summary Cleaning: 2 new leads on 2026-11-19");
    expect(mails[0]!.text).toContain("1 high, 0 medium, 1 low priority");
    expect(mails[0]!.text).toContain("Early Bird");
    expect(mails[0]!.text).toContain("Night Owl");
    expect(mails[0]!.text).not.toContain("Day Before");
    expect(mails[0]!.text).not.toContain("This Morning");
    expect(mails[0]!.text).not.toContain("Tester");

    // Later the same day, or two runs at once: nothing more.
    const again = await Promise.all([
      queueDailySummaries(server.services, new Date("2026-11-20T18:00:00Z")),
      queueDailySummaries(server.services, new Date("2026-11-21T05:00:00Z")), // 23:00 on the 20th
    ]);
    expect(again.flat()).not.toContain(owner.businessId);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect((await business(owner.businessId)).lastDailySummaryOn).toBe("2026-11-20");

    // The next morning: the 20th's summary (one lead).
    expect(await queueDailySummaries(server.services, new Date("2026-11-21T14:00:00Z"))).toContain(owner.businessId);
    mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Summary Cleaning: 2 new leads on 2026-11-19",
      "Summary Cleaning: 1 new lead on 2026-11-20",
    ]);
  });

  it("sends nothing when the preference is off, and keeps the day unclaimed when its e-mails cannot be queued", async () => {
    const off = await summaryBusiness(false);
    expect(await queueDailySummaries(server.services, new Date("2026-11-20T15:00:00Z"))).not.toContain(off.businessId);
    expect(await mailsTo(off.email)).toEqual([]);

    const on = await summaryBusiness(true);
    // The claim and the e-mail jobs are one transaction: when the jobs cannot be written, the day stays
    // unclaimed and the next tick queues it. (A failed delivery is retried by the job layer itself.)
    const failing = { ...server.services.jobs, enqueue: async () => Promise.reject(new Error("database down")) };
    const now = new Date("2026-11-20T15:00:00Z");
    await expect(queueDailySummaries({ ...server.services, jobs: failing }, now)).rejects.toThrow("database down");
    expect((await business(on.businessId)).lastDailySummaryOn).toBeNull();
    expect(await queueDailySummaries(server.services, now)).toContain(on.businessId);
    expect(await mailsTo(on.email)).toHaveLength(1);
  });
});

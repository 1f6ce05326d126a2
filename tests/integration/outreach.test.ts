// Cold Outreach (issue 19, DESIGN §12) against the real server and a real SMTP server: CSV import
// (dedup, per-row report, bad files) and export, Find Prospects, tenancy, the Pro gate on every route
// and action, and a campaign's e-mails: at the send time in the business's zone within the daily cap
// (across two campaigns), at most two follow-ups, stopping on unsubscribe, response and conversion.
// Time is advanced through the job layer (delayed jobs made due), never by sleeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "turbo-stream";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { HttpClient } from "../support/http-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";
import { MAIL_QUEUE, OUTREACH_SEND_QUEUE } from "#server/jobs/queue/queues.ts";
import { CSV_MESSAGES, parseProspectCsv } from "#server/outreach/prospect-csv.ts";
import { OUTREACH_LOCKED_MESSAGE } from "#server/outreach/outreach-page.server.ts";
import { firstSendDay, sendInstant } from "#server/outreach/send-days.ts";
import { isoDateOf } from "#shared/time/calendar.ts";

let server: TestServer;
let sink: SmtpSink;
let pro: Owner;
let other: Owner;
let starter: Owner;
const DAY = 86_400_000;
const ZONE = "America/Chicago";
const ROUTE = "routes/app.outreach";

type ActionBody = { ok: boolean; error?: string; message?: string; report?: { imported: number; updated: number; skipped: { line: number; reason: string }[] } };

/** A single-fetch answer (`*.data`, turbo-stream), as the page's fetchers read it. */
async function decoded(res: Response): Promise<unknown> {
  const stream = await decode(res.body!);
  await stream.done;
  return stream.value;
}

/** A form post as the page's fetchers send it (repeated fields, or a file as multipart). */
async function send(owner: Owner, fields: [string, string][], file?: { name: string; text: string | Uint8Array<ArrayBuffer> }) {
  let body: URLSearchParams | FormData;
  if (file) {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    form.append("file", new Blob([file.text], { type: "text/csv" }), file.name);
    body = form;
  } else {
    body = new URLSearchParams(fields);
  }
  const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}/app/outreach.data`, { method: "POST", headers: { Cookie: cookie }, body, redirect: "manual" });
  // A thrown Response (the plan gate's 403) is not action data: its text is the answer.
  if (res.status === 403) return { status: res.status, json: null, error: await res.text() };
  const value = (await decoded(res)) as { data?: ActionBody };
  return { status: res.status, json: value.data ?? null, error: null };
}

const importCsv = (owner: Owner, text: string | Uint8Array<ArrayBuffer>, name = "prospects.csv") => send(owner, [["intent", "import"]], { name, text });

async function loadPage(owner: Owner, query = "") {
  const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}/app/outreach.data?_routes=${encodeURIComponent(ROUTE)}${query ? `&${query}` : ""}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const value = (await decoded(res)) as Record<string, { data: unknown }>;
  return { status: res.status, body: value[ROUTE]!.data as { locked: boolean; outreach: { prospects: { id: string; email: string | null; name: string; status: string }[]; total: number; all: number; linkedin: { enrollmentId: string; message: string }[] } | null } };
}

const prospectsOf = (businessId: string) => server.services.db.prospect.findMany({ where: { businessId }, orderBy: { email: "asc" } });

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes the due e-mail steps run now and waits for their e-mails to reach the SMTP server. */
async function runDueSteps(expectedMails: number) {
  const before = sink.messages.length;
  const sent = () => server.services.db.outreachEmail.count({ where: { businessId: pro.businessId, status: "sent" } });
  const sentBefore = await sent();
  const released = await server.services.jobs.releaseDelayed(OUTREACH_SEND_QUEUE);
  await waitUntil(async () => (await sent()) >= sentBefore + expectedMails, "the steps to run");
  await sink.waitFor(before + expectedMails);
  await server.services.jobs.idle([MAIL_QUEUE]);
  expect(await sent()).toBe(sentBefore + expectedMails);
  return { released, mails: sink.messages.slice(before) };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: "LeadBroom <no-reply@leadbroom.test>" } });
  pro = await registerOwner(server, "Prairie Office Cleaning"); // a trial: Pro features
  other = await registerOwner(server, "Other Janitorial");
  starter = await registerOwner(server, "Starter Sweepers");
  await server.services.db.business.update({ where: { id: pro.businessId }, data: { timeZone: ZONE, street: "12 Main St", city: "Springfield", state: "IL", zip: "62701" } });
  const start = new Date(Date.now() - 3 * DAY);
  await server.services.db.business.update({
    where: { id: starter.businessId },
    data: { subscriptionStatus: "active", plan: "Starter", billingPeriod: "monthly", currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * DAY) },
  });
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const header = "Full Name;Job Title;Company;City;Industry;E-mail;LinkedIn URL";
const row = (i: number, title = "Facility Manager", city = "Austin", industry = "Healthcare") =>
  `Person ${i};${title};Company ${i};${city};${industry};person${i}@prospect.example;https://www.linkedin.com/in/person${i}`;

describe("the Pro gate", () => {
  it("answers 403 to a Starter business on the page, every action and the export", async () => {
    const page = await starter.client.get("/app/outreach");
    expect(page.status).toBe(403);
    expect(page.text).toContain("LinkedIn Automation");
    expect(page.text).toContain("Unlock");
    for (const intent of ["import", "campaign", "linkedin-sent", "responded", "convert"]) {
      const res = await send(starter, [["intent", intent], ["prospectId", "x"]]);
      expect(res.status, intent).toBe(403);
      expect(res.error).toContain(JSON.stringify(OUTREACH_LOCKED_MESSAGE));
    }
    const file = await importCsv(starter, `${header}\n${row(1)}`);
    expect(file.status).toBe(403);
    expect((await starter.client.get("/app/outreach/export")).status).toBe(403);
    expect(await prospectsOf(starter.businessId)).toEqual([]);
  });
});

describe("CSV import and export", () => {
  it("imports a messy file with a per-row report, then deduplicates by e-mail on a second import", async () => {
    const lines = [
      `\uFEFF${header}`,
      ...Array.from({ length: 27 }, (_, i) => row(i + 1, i % 3 === 0 ? "Office Manager" : "Facility Manager", i % 2 ? "Dallas" : "Austin", i % 4 ? "Healthcare" : "Education")),
      "Bad Mail;CFO;X;Austin;Retail;not-an-email;",
      `Again;CFO;X;Austin;Retail;PERSON1@prospect.example;`,
      "",
      "Link Only;Owner;Solo LLC;Austin;Retail;;https://www.linkedin.com/in/linkonly",
    ];
    const res = await importCsv(pro, lines.join("\r\n"));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, report: { imported: 28, updated: 0 } });
    expect(res.json!.report!.skipped).toEqual([
      { line: 29, reason: '"not-an-email" is not a valid e-mail address' },
      { line: 30, reason: "same e-mail as line 2 (person1@prospect.example)" },
    ]);
    const stored = await prospectsOf(pro.businessId);
    expect(stored).toHaveLength(28);
    expect(stored.every((p) => p.status === "pending")).toBe(true);
    expect(stored.find((p) => p.email === "person1@prospect.example")).toMatchObject({ name: "Person 1", firstName: "Person", title: "Office Manager", location: "Austin", industry: "Education" });

    // The same people again, with a changed title: updated in place, nobody twice.
    const again = await importCsv(pro, `Email,Title\nperson2@prospect.example,Head of Facilities\nnew.person@prospect.example,CEO\n`);
    expect(again.json).toMatchObject({ ok: true, report: { imported: 1, updated: 1, skipped: [] } });
    expect(await server.services.db.prospect.count({ where: { businessId: pro.businessId } })).toBe(29);
    expect((await server.services.db.prospect.findFirstOrThrow({ where: { businessId: pro.businessId, email: "person2@prospect.example" } })).title).toBe("Head of Facilities");
    // A LinkedIn-only row imported twice stays one prospect.
    const linkOnly = await importCsv(pro, "Name,Profile URL\nLink Only,https://www.linkedin.com/in/linkonly\n");
    expect(linkOnly.json).toMatchObject({ ok: true, report: { imported: 0, skipped: [{ line: 2, reason: "already imported (same profile URL, no e-mail)" }] } });
  });

  it("refuses a file that is not .csv, has no header row, or is empty, with a clear message and nothing stored", async () => {
    const count = () => server.services.db.prospect.count({ where: { businessId: pro.businessId } });
    const before = await count();
    expect(await importCsv(pro, "Email\na@b.example\n", "prospects.xlsx")).toMatchObject({ status: 400, json: { ok: false, error: CSV_MESSAGES.notCsv } });
    expect(await importCsv(pro, "a@b.example;Pat\n")).toMatchObject({ status: 400, json: { ok: false, error: CSV_MESSAGES.noHeader } });
    expect(await importCsv(pro, "\r\n\r\n")).toMatchObject({ status: 400, json: { ok: false, error: CSV_MESSAGES.empty } });
    // UTF-16 without a BOM (its NUL bytes once reached PostgreSQL: 22P05, a 500) and bytes that are not UTF-8.
    const csv = "Name,Email\nUtf Sixteen,utf16@example.test\n";
    for (const bytes of [Buffer.from(csv, "utf16le"), Buffer.from("Name,Email\nJos\xe9,jose@example.test\n", "latin1")])
      expect(await importCsv(pro, new Uint8Array(bytes))).toMatchObject({ status: 400, json: { ok: false, error: CSV_MESSAGES.encoding } });
    expect(await count()).toBe(before);
    // UTF-16 with its BOM (Excel's "Unicode text") is read as the text it is (another business: the
    // tests below count this one's prospects).
    const unicode = await registerOwner(server, "Unicode Cleaning");
    const withBom = await importCsv(unicode, new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")])));
    expect(withBom).toMatchObject({ status: 200, json: { ok: true, report: { imported: 1 } } });
    expect(await server.services.db.prospect.findMany({ where: { businessId: unicode.businessId }, select: { name: true, email: true } })).toEqual([
      { name: "Utf Sixteen", email: "utf16@example.test" },
    ]);
  });

  it("exports the same columns, filtered like Find Prospects, and only the business's own prospects", async () => {
    const res = await pro.client.get("/app/outreach/export");
    expect(res.status).toBe(200);
    const parsed = parseProspectCsv(res.text);
    expect(parsed.ok && parsed.rows.length).toBe(29);
    const filtered = await pro.client.get("/app/outreach/export?titles=office%20manager&locations=austin");
    const rows = parseProspectCsv(filtered.text);
    expect(rows.ok && rows.rows.every((r) => /office manager/i.test(r.title) && /austin/i.test(r.location))).toBe(true);
    const empty = await other.client.get("/app/outreach/export");
    expect(parseProspectCsv(empty.text)).toMatchObject({ ok: true, rows: [] });
  });
});

describe("Find Prospects", () => {
  it("filters by any value within a field and every field given", async () => {
    const all = await loadPage(pro);
    expect(all.body.outreach?.all).toBe(29);
    const found = await loadPage(pro, "titles=office%20manager,%20head%20of&locations=Austin");
    const stored = await prospectsOf(pro.businessId);
    const expected = stored.filter((p) => /office manager|head of/i.test(p.title) && /austin/i.test(p.location)).map((p) => p.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(found.body.outreach!.prospects.map((p) => p.id).sort()).toEqual(expected);
    const none = await loadPage(pro, "industries=Mining");
    expect(none.body.outreach!.total).toBe(0);
  });

  it("never shows or changes another business's prospects", async () => {
    expect((await loadPage(other)).body.outreach!.all).toBe(0);
    const target = (await prospectsOf(pro.businessId))[0]!;
    expect(await send(other, [["intent", "convert"], ["prospectId", target.id]])).toMatchObject({ status: 404 });
    expect(await send(other, [["intent", "responded"], ["prospectId", target.id]])).toMatchObject({ status: 404 });
    expect(await send(other, [["intent", "campaign"], ["prospectId", target.id], ...campaignFields(25)])).toMatchObject({ status: 404 });
    expect((await server.services.db.prospect.findUniqueOrThrow({ where: { id: target.id } })).status).toBe("pending");
  });
});

function campaignFields(dailyEmails: number): [string, string][] {
  return [
    ["linkedinMessage", "Hi {firstName}, I clean buildings in {location}."],
    ["emailSubject", "Cleaning for {company}"],
    ["emailBody", "Hi {firstName},\n\nWe clean {industry} facilities around {location}.\n\nCould we help {company}?"],
    ["dailyConnections", "10"],
    ["followUpDays", "7"],
    ["dailyEmails", String(dailyEmails)],
    ["sendTime", "10:00"],
  ];
}

describe("a campaign", () => {
  it("schedules e-mails at 10:00 in the business's zone, at most the daily cap a day across two campaigns", async () => {
    const prospects = await prospectsOf(pro.businessId);
    const firstBatch = prospects.filter((p) => p.email && p.email.startsWith("person")); // 27 with e-mail and profile
    const rest = prospects.filter((p) => !firstBatch.includes(p)); // new.person (e-mail only) and Link Only
    expect(firstBatch).toHaveLength(27);
    const now = new Date();
    const res = await send(pro, [["intent", "campaign"], ...firstBatch.map((p): [string, string] => ["prospectId", p.id]), ...campaignFields(25)]);
    expect(res.status).toBe(200);
    const day0 = firstSendDay(now, ZONE, "10:00");
    expect(res.json!.message).toBe(`Campaign started: 27 e-mails scheduled from ${isoDateOf(day0)}, 27 prospects on your LinkedIn list.`);
    // The second campaign (cap 25 too) finds the first day full.
    const second = await send(pro, [["intent", "campaign"], ...rest.map((p): [string, string] => ["prospectId", p.id]), ...campaignFields(25)]);
    expect(second.json).toMatchObject({ ok: true });
    // Starting the first prospects again is refused for them: already in a running campaign.
    const dup = await send(pro, [["intent", "campaign"], ["prospectId", firstBatch[0]!.id], ...campaignFields(25)]);
    expect(dup).toMatchObject({ status: 400 });
    expect(dup.json!.error).toContain("already in a running campaign");

    const steps = await server.services.db.outreachEmail.findMany({ where: { businessId: pro.businessId } });
    const perDay = new Map<string, number>();
    for (const s of steps) perDay.set(s.sendOn, (perDay.get(s.sendOn) ?? 0) + 1);
    expect(Object.fromEntries(perDay)).toEqual({ [isoDateOf(day0)]: 25, [isoDateOf(day0 + 1)]: 3 });
    for (const s of steps) expect(s.scheduledFor.toISOString()).toBe(sendInstant(Number(new Date(`${s.sendOn}T00:00:00Z`).getTime() / DAY), "10:00", ZONE).toISOString());
    // LinkedIn: 10 a day, today first; the list shows today's with the message filled.
    const linkedinDays = await server.services.db.outreachEnrollment.groupBy({ by: ["linkedinOn"], where: { businessId: pro.businessId }, _count: { _all: true } });
    expect(linkedinDays.map((d) => d._count._all).sort((a, b) => b - a)).toEqual([10, 10, 8, 1]);
    const page = await loadPage(pro);
    expect(page.body.outreach!.linkedin).toHaveLength(10);
    expect(page.body.outreach!.linkedin[0]!.message).toMatch(/^Hi Person, I clean buildings in (Austin|Dallas)\.$/);
    const marked = await send(pro, [["intent", "linkedin-sent"], ["enrollmentId", page.body.outreach!.linkedin[0]!.enrollmentId]]);
    expect(marked).toMatchObject({ status: 200, json: { ok: true } });
    expect((await loadPage(pro)).body.outreach!.linkedin).toHaveLength(9);
  });

  it("sends the first e-mails with the unsubscribe link, headers and postal address; then at most two follow-ups, stopping on unsubscribe, response and conversion", async () => {
    const first = await runDueSteps(28);
    expect(first.released).toBe(28);
    expect(first.mails).toHaveLength(28);
    const mail = first.mails.find((m) => m.to[0] === "person2@prospect.example")!;
    expect(mail.subject).toBe("Cleaning for Company 2");
    expect(mail.decoded).toContain("We clean Healthcare facilities around Dallas.");
    expect(mail.decoded).toContain("12 Main St, Springfield, IL 62701");
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /<(http[^>]+\/unsubscribe\/[^>]+)>/.exec(mail.raw.replace(/\r?\n[ \t]+/g, ""))?.[1];
    expect(link).toBeDefined();
    const byEmail = async (email: string) => server.services.db.prospect.findFirstOrThrow({ where: { businessId: pro.businessId, email } });
    expect((await byEmail("person2@prospect.example")).status).toBe("contacted");

    // person2 unsubscribes (one-click), person3 responds, person4 becomes a lead.
    expect((await new HttpClient(server.url).post(new URL(link!).pathname, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    expect((await byEmail("person2@prospect.example")).unsubscribed).toBe(true);
    expect(await send(pro, [["intent", "responded"], ["prospectId", (await byEmail("person3@prospect.example")).id]])).toMatchObject({ status: 200 });
    const converted = await send(pro, [["intent", "convert"], ["prospectId", (await byEmail("person4@prospect.example")).id]]);
    expect(converted).toMatchObject({ status: 200, json: { ok: true } });
    const p4 = await byEmail("person4@prospect.example");
    expect(p4.status).toBe("converted");
    const lead = await server.services.db.lead.findUniqueOrThrow({ where: { id: p4.leadId! } });
    expect(lead).toMatchObject({ businessId: pro.businessId, source: "outreach", email: "person4@prospect.example", company: "Company 4", status: "new" });
    expect(await send(pro, [["intent", "convert"], ["prospectId", p4.id]])).toMatchObject({ status: 409 });

    // The first follow-ups: 7 days after each first e-mail, for the 25 still in their sequence.
    const followUps = await server.services.db.outreachEmail.findMany({ where: { businessId: pro.businessId, step: 1 } });
    expect(followUps.filter((f) => f.status === "scheduled")).toHaveLength(25);
    const second = await runDueSteps(25);
    expect(second.mails.every((m) => m.subject.startsWith("Re: Cleaning for "))).toBe(true);
    const recipients = second.mails.map((m) => m.to[0]);
    for (const stopped of ["person2@prospect.example", "person3@prospect.example", "person4@prospect.example"]) expect(recipients).not.toContain(stopped);

    const third = await runDueSteps(25);
    expect(third.mails).toHaveLength(25);
    // No third follow-up: nothing is left to release.
    expect(await server.services.jobs.releaseDelayed(OUTREACH_SEND_QUEUE)).toBe(0);
    const perPerson = sink.messages.filter((m) => m.to[0] === "person5@prospect.example");
    expect(perPerson).toHaveLength(3);
    expect(sink.messages.filter((m) => m.to[0] === "person2@prospect.example")).toHaveLength(1);
    const enrollment = await server.services.db.outreachEnrollment.findFirstOrThrow({ where: { prospect: { email: "person5@prospect.example" } } });
    expect(enrollment.finishedAt).not.toBeNull();
  });
});

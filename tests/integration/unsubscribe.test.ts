// Unsubscribing (DESIGN §10, RFC 8058), against a real SMTP server: every e-mail to a lead carries a
// signed link and the List-Unsubscribe headers; the link stops that business's e-mails to that address
// (skipped at delivery, shown in Email Settings and on the lead) while another business still reaches
// it; a tampered or expired link changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startSmtpSink, type SmtpSink, type SunkMail } from "../support/smtp-sink.ts";
import { HttpClient } from "../support/http-client.ts";
import { MAIL_QUEUE, EVENT_QUEUE } from "#server/jobs/queue/queues.ts";
import { enqueueMail } from "#server/mail/mail-jobs.server.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import { signUnsubscribeToken } from "#server/mail/unsubscribe.server.ts";
import { UNSUBSCRIBED_LEAD_MESSAGE } from "#server/leads/lead-email.server.ts";

let server: TestServer;
let sink: SmtpSink;
const PASSWORD = "CleanFloors1";
const SHARED = "pat.shared@lead.example";

type Owner = { client: HttpClient; businessId: string; leadPath: string; leadId: string };
let alpha: Owner;
let beta: Owner;

async function ownerWithLead(businessName: string): Promise<Owner> {
  const client = new HttpClient(server.url);
  const email = `${businessName.split(" ")[0]!.toLowerCase()}-${Date.now()}@owner.example`;
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  const businessId = user.memberships[0]!.businessId;
  const lead = await server.services.db.lead.create({
    data: { businessId, name: "Pat Shared", email: SHARED, score: 7, priority: "medium", source: "manual" },
  });
  return { client, businessId, leadId: lead.id, leadPath: `/app/leads/${lead.id}` };
}

/** Send Quote from the lead page; resolves with the message that reached the SMTP server. */
async function sendQuote(owner: Owner, subject: string): Promise<SunkMail> {
  const before = sink.messages.length;
  const res = await owner.client.post(owner.leadPath, { intent: "email", kind: "quote", subject, body: `Hi Pat,\n\n${subject}.` });
  expect(res.status).toBe(200);
  await sink.waitFor(before + 1);
  await server.services.jobs.idle([MAIL_QUEUE]);
  const mail = sink.messages.find((m) => m.subject === subject);
  expect(mail).toBeDefined();
  return mail!;
}

function header(raw: string, name: string): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, "").trim() : null;
}

function linkOf(mail: SunkMail): string {
  const url = /<(http[^>]+\/unsubscribe\/[^>]+)>/.exec(header(mail.raw, "List-Unsubscribe") ?? "")?.[1];
  expect(url).toBeDefined();
  return new URL(url!).pathname;
}

const suppressions = (businessId: string) => server.services.db.emailSuppression.findMany({ where: { businessId } });

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: "LeadBroom <no-reply@leadbroom.test>" } });
  alpha = await ownerWithLead("Alpha Office Cleaning");
  beta = await ownerWithLead("Beta Janitorial");
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
});

describe("unsubscribe links", () => {
  let alphaLink: string;

  it("come with every e-mail to a lead: in both parts, and as RFC 8058 one-click headers", async () => {
    const mail = await sendQuote(alpha, "Your office quote");
    expect(mail.to).toEqual([SHARED]);
    alphaLink = linkOf(mail);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // The same link in the footer of the text and the HTML part, under the business's name.
    expect(mail.decoded.split(`${server.url}${alphaLink}`).length - 1).toBeGreaterThanOrEqual(2);
    expect(mail.decoded).toContain("Alpha Office Cleaning");
    expect(mail.decoded).toContain("You get this e-mail because you were in touch with Alpha Office Cleaning");
  });

  it("a tampered or expired link changes nothing and says so", async () => {
    const token = alphaLink.split("/").pop()!;
    const [body, signature] = token.split(".") as [string, string];
    // The payload re-pointed at another business, with the original signature.
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    const forged = `${Buffer.from(JSON.stringify({ ...payload, b: beta.businessId })).toString("base64url")}.${signature}`;
    const flipped = `${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const expired = signUnsubscribeToken(server.services.signingSecret, { businessId: alpha.businessId, email: SHARED }, Date.now() - 400 * 86_400_000);
    const http = new HttpClient(server.url);
    for (const bad of [forged, flipped, "not-a-token"]) {
      const page = await http.get(`/unsubscribe/${bad}`);
      expect(page.status).toBe(400);
      expect(page.text).toContain("This unsubscribe link is not valid.");
      const post = await http.post(`/unsubscribe/${bad}`, { "List-Unsubscribe": "One-Click" });
      expect(post.status).toBe(400);
      expect(post.text).toContain("Nothing was changed.");
    }
    const old = await http.post(`/unsubscribe/${expired}`, { "List-Unsubscribe": "One-Click" });
    expect(old.status).toBe(400);
    expect(old.text).toContain("This unsubscribe link has expired.");
    expect(await suppressions(alpha.businessId)).toEqual([]);
    expect(await suppressions(beta.businessId)).toEqual([]);
  });

  it("opening the link only asks to confirm", async () => {
    const page = await new HttpClient(server.url).get(alphaLink);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Stop e-mails from (<!-- -->)?<strong>Alpha Office Cleaning<\/strong>/);
    expect(page.text).toContain(">Unsubscribe</button>");
    expect(await suppressions(alpha.businessId)).toEqual([]);
  });

  it("a one-click POST stops that business's e-mails to the address, and only that business's", async () => {
    // A follow-up already queued (due later) before the unsubscribe: skipped when it falls due.
    const queued = await sendQueuedLater(alpha);
    // The mail client's one-click POST: no cookie, no Origin, just the RFC 8058 body.
    const res = await new HttpClient(server.url).post(alphaLink, { "List-Unsubscribe": "One-Click" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("You&#x27;re unsubscribed");
    expect(await suppressions(alpha.businessId)).toMatchObject([{ email: SHARED, source: "one-click" }]);
    // Once: a second POST (the page's button) adds nothing.
    expect((await new HttpClient(server.url).post(alphaLink, {})).status).toBe(200);
    expect(await suppressions(alpha.businessId)).toHaveLength(1);
    expect(await server.services.db.leadEvent.count({ where: { leadId: alpha.leadId, type: "unsubscribed" } })).toBe(1);
    // The domain event, written with the suppression (automations and sequences stop on it).
    const events = await server.services.db.$queryRawUnsafe<{ data: unknown }[]>(
      `SELECT data FROM "${JOB_SCHEMA}"."job" WHERE name = $1 AND singleton_key = $2`,
      EVENT_QUEUE,
      `lead.unsubscribed:${alpha.businessId}:${SHARED}`,
    );
    expect(events.map((e) => e.data)).toEqual([{ type: "lead.unsubscribed", businessId: alpha.businessId, email: SHARED, leadIds: [alpha.leadId] }]);

    const before = sink.messages.length;
    expect(await server.services.jobs.releaseDelayed(MAIL_QUEUE)).toBeGreaterThanOrEqual(1);
    await server.services.jobs.idle([MAIL_QUEUE]);
    const skipped = await server.services.db.emailDelivery.findUniqueOrThrow({ where: { key: queued } });
    expect(skipped).toMatchObject({ status: "skipped", to: SHARED });
    expect(skipped.error).toMatch(/^Not sent: the recipient unsubscribed from your e-mails on \d{4}-\d{2}-\d{2}$/);

    // Send Quote from the lead page is refused with the reason; the lead page says so.
    const refused = await alpha.client.post(alpha.leadPath, { intent: "email", kind: "quote", subject: "Another quote", body: "Hi Pat, again." });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(UNSUBSCRIBED_LEAD_MESSAGE);
    const leadPage = await alpha.client.get(alpha.leadPath);
    expect(leadPage.text).toContain("This lead unsubscribed from your emails on");
    expect(leadPage.text).toContain(`Unsubscribed ${SHARED} from your emails (from their mail app)`);

    // Email Settings lists the skipped e-mail with its reason.
    const settings = await alpha.client.get("/app/settings/email");
    expect(settings.text).toContain("Not sent");
    expect(settings.text).toMatch(/Not sent: the recipient unsubscribed from your e-mails on/);

    // Another business still reaches the same address.
    const betaMail = await sendQuote(beta, "Beta's quote");
    expect(betaMail.to).toEqual([SHARED]);
    expect(sink.messages.slice(before).map((m) => m.subject)).toEqual(["Beta's quote"]);
    expect(await suppressions(beta.businessId)).toEqual([]);
  });

  it("the page's button unsubscribes too", async () => {
    const link = linkOf(sink.messages.find((m) => m.subject === "Beta's quote")!);
    const res = await new HttpClient(server.url).post(link, {});
    expect(res.status).toBe(200);
    expect(await suppressions(beta.businessId)).toMatchObject([{ email: SHARED, source: "link" }]);
    const page = await new HttpClient(server.url).get(link);
    expect(page.text).toContain("will no longer get e-mails from");
  });
});

/** A lead e-mail of the business queued to go out later (as a sequence step would be); returns its key. */
async function sendQueuedLater(owner: Owner): Promise<string> {
  const key = `test-later:${owner.leadId}`;
  const url = `${server.url}/unsubscribe/${signUnsubscribeToken(server.services.signingSecret, { businessId: owner.businessId, email: SHARED })}`;
  await enqueueMail(server.services.jobs, server.services.db, [
    {
      key,
      runAt: new Date(Date.now() + 86_400_000),
      mail: {
        businessId: owner.businessId,
        kind: "lead-info",
        unsubscribeUrl: url,
        message: { to: SHARED, subject: "Queued earlier", text: "Queued earlier", html: "<p>Queued earlier</p>" },
      },
    },
  ]);
  return key;
}

// @postgres: two instances on one database run each job once.
// Domain events on the job layer (DESIGN §10): a lead captured over the widget protocol writes its
// `lead.created` event with the lead; the event's subscribers send the owners' alert e-mail once, to a
// real SMTP server, however often the event is handled. With two instances on one PostgreSQL
// database, each job runs once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { Visitor } from "../support/widget-client.ts";
import { HttpClient } from "../support/http-client.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { EVENT_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { enqueueMail, messageIdFor } from "#server/mail/mail-jobs.server.ts";

const MAIL_FROM = "LeadBroom <no-reply@leadbroom.test>";

async function qualifyHighLead(server: TestServer, name: string): Promise<void> {
  const visitor = new Visitor(server.url, { siteKey: DEMO.siteKey });
  await visitor.connect();
  try {
    const opened = await visitor.open();
    if (!opened.ok) throw new Error(opened.error);
    await visitor.qualifyHighLead({ name, company: "Acme Property Group", contact: `${name.split(" ")[0]!.toLowerCase()}@acme.example` });
    await server.app.chat.idle();
  } finally {
    visitor.disconnect();
  }
}

describe("lead.created → the owners' alert e-mail", () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it("sends exactly one alert e-mail and stores exactly one notification per high-priority lead", async () => {
    await qualifyHighLead(server, "Hana High");
    const db = server.services.db;
    const lead = await db.lead.findFirstOrThrow({ where: { name: "Hana High" } });
    expect(lead.priority).toBe("high");
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);

    const alerts = sink.messages.filter((m) => m.subject.startsWith("New high-priority lead: Hana High"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toEqual([DEMO.email]);
    expect(alerts[0]!.decoded).toContain(`/app/leads/${lead.id}`);
    expect(await db.notification.count({ where: { leadId: lead.id } })).toBe(1);
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.email } });
    const key = `lead-alert:${lead.id}:${owner.id}`;
    expect(await db.emailDelivery.findUnique({ where: { key } })).toMatchObject({ status: "sent", kind: "lead-alert", businessId: lead.businessId });
    expect(alerts[0]!.messageId).toBe(messageIdFor(key, MAIL_FROM));

    // The same event handled again (a redelivery after a crash) sends nothing more.
    await emitEvents(server.services.jobs, db, [{ type: "lead.created", businessId: lead.businessId, leadId: lead.id }]);
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    expect(sink.messages.filter((m) => m.subject.startsWith("New high-priority lead: Hana High"))).toHaveLength(1);
  });

  it("sends nothing for a lead that is not high priority", async () => {
    const visitor = new Visitor(server.url, { siteKey: DEMO.siteKey });
    await visitor.connect();
    await visitor.open();
    for (const answer of ["Regular Commercial Cleaning", "about 3,000 sq ft", "once a month", "$100 a month", "sometime next year", "Lou Low", "Low Co"]) {
      await visitor.say(answer);
    }
    await visitor.say("lou@low.example");
    await server.app.chat.idle();
    visitor.disconnect();
    const lead = await server.services.db.lead.findFirstOrThrow({ where: { name: "Lou Low" } });
    expect(lead.priority).not.toBe("high");
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    expect(sink.messages.filter((m) => m.subject.includes("Lou Low"))).toEqual([]);
    expect(await server.services.db.emailDelivery.count({ where: { key: { startsWith: `lead-alert:${lead.id}:` } } })).toBe(0);
  });

  it("lists the business's recent e-mails in Settings > Email Settings, failures with the server's reason", async () => {
    const db = server.services.db;
    const demo = await db.chatbot.findUniqueOrThrow({ where: { siteKey: DEMO.siteKey }, select: { businessId: true } });
    const other = await db.business.create({ data: { name: "Elsewhere Cleaning" } });
    sink.refuse("gone@nowhere.example");
    await enqueueMail(server.services.jobs, db, [
      { key: "ui:refused", mail: { businessId: demo.businessId, kind: "reminder-due", message: { to: "gone@nowhere.example", subject: "Follow-up due: call Gone", text: "x", html: "<p>x</p>" } } },
      { key: "ui:other", mail: { businessId: other.id, kind: "lead-alert", message: { to: "x@elsewhere.example", subject: "Elsewhere's own alert", text: "x", html: "<p>x</p>" } } },
    ]);
    await server.services.jobs.idle([MAIL_QUEUE]);

    const http = new HttpClient(server.url);
    expect((await http.post("/login", { intent: "login", email: DEMO.email, password: DEMO.password })).status).toBe(302);
    const page = await http.get("/app/settings/email");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Recent emails");
    expect(page.text).toContain("New high-priority lead: Hana High");
    expect(page.text).toContain("Follow-up due: call Gone");
    expect(page.text).toMatch(/Not delivered: (<!-- -->)?550[^<]*No such user/);
    expect(page.text).not.toContain("Elsewhere&#x27;s own alert");
    expect(page.text).not.toContain("Elsewhere's own alert");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM } });
    b = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM }, shareDatabaseWith: a, seedDemo: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  it("runs each job once while both instances' workers take jobs", async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `two-instances:${i}`);
    // Half enqueued through each instance: both instances' workers compete for all of them.
    await enqueueMail(a.services.jobs, a.services.db, keys.slice(0, 100).map((key) => ({ key, mail: { kind: "test", message: { to: "x@example.test", subject: key, text: key, html: `<p>${key}</p>` } } })));
    await enqueueMail(b.services.jobs, b.services.db, keys.slice(100).map((key) => ({ key, mail: { kind: "test", message: { to: "x@example.test", subject: key, text: key, html: `<p>${key}</p>` } } })));
    await sink.waitFor(200);
    await a.services.jobs.idle([MAIL_QUEUE]);
    expect(sink.messages).toHaveLength(200);
    expect(new Set(sink.messages.map((m) => m.subject))).toEqual(new Set(keys));
    expect(await a.services.db.emailDelivery.count({ where: { key: { in: keys }, status: "sent", attempts: 1 } })).toBe(200);
  });
});

// The public site over HTTP against the real server (production build): every page with its title,
// description, canonical and Open Graph tags; redirects; sitemap and robots; the contact form and job
// applications stored, e-mailed and validated on the server.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { resumesDir } from "#server/public-site/applications.server.ts";
import { CAREERS_REQUIRED, RESUME_CONTENT_ERROR, RESUME_SIZE_ERROR, RESUME_TYPE_ERROR } from "#shared/public-site/careers.ts";
import { CONTACT_RATE_LIMITED, CONTACT_REQUIRED } from "#shared/public-site/contact.ts";
import { SUBMISSIONS_PER_WINDOW } from "#server/public-site/submission-limit.server.ts";
import { PUBLIC_PAGES } from "../../dashboard/app/components/site/public-pages.ts";
import { TUTORIALS } from "../../dashboard/app/components/site/tutorials.ts";
import { formatVideoDuration } from "#shared/public-site/tutorials.ts";
import { docBytes, docxBytes, pdfBytes } from "../support/documents.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function metaContent(html: string, attr: "name" | "property", key: string): string | null {
  const match = html.match(new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
  return match ? match[1]! : null;
}

describe("public pages", () => {
  it("answers 200 on every public page with a title, description, canonical URL and Open Graph tags", async () => {
    const client = new HttpClient(server.url);
    const titles = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const res = await client.get(page);
      expect(res.status, page).toBe(200);
      const title = res.text.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, page).toMatch(/LeadBroom/);
      titles.add(title!);
      expect(metaContent(res.text, "name", "description")?.length ?? 0, page).toBeGreaterThan(50);
      expect(res.text, page).toContain(`<link rel="canonical" href="${server.url}${page}"/>`);
      expect(metaContent(res.text, "property", "og:url"), page).toBe(`${server.url}${page}`);
      expect(metaContent(res.text, "property", "og:title"), page).toBe(title!.replace(/&#x27;/g, "'"));
      // No external fonts, scripts or styles.
      expect(res.text, page).not.toMatch(/<(script|link)[^>]+(src|href)="https?:\/\/(?!127\.0\.0\.1)/);
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
  });

  it("shows the spec's content on the pages", async () => {
    const client = new HttpClient(server.url);
    const home = (await client.get("/")).text;
    for (const text of ["Regular Commercial", "Post-Construction", "Industrial", "Medical Facilities", "Educational", "Food Service", "PRO", "Schedule Demo", "See Features"]) {
      expect(home).toContain(text);
    }
    for (const page of ["/privacy", "/terms"]) expect((await client.get(page)).text).toContain("Last updated March 15, 2025");
    const careers = (await client.get("/careers")).text;
    for (const text of ["$45,000-$65,000", "$70,000-$90,000", "$60,000-$80,000", "$80,000-$100,000", "$2,000 a year", 'id="sdr"', 'id="marketing-manager"', 'id="customer-success"', 'id="product-designer"', "mailto:hello@leadbroom.com"]) {
      expect(careers).toContain(text);
    }
    const resources = (await client.get("/resources")).text;
    // The video cards show the recorded tutorials' true durations (decision 0081), served with their files.
    for (const t of TUTORIALS) {
      expect(resources).toContain(formatVideoDuration(t.durationSeconds));
      for (const file of [t.video, t.captions]) expect((await client.get(`/tutorials/${file}`)).status, file).toBe(200);
    }
    for (const text of ['id="documentation"', 'id="guides"', "Contact Support", "Schedule a Call", "/blog/ai-revolution-cleaning"]) {
      expect(resources).toContain(text);
    }
    const lead = (await client.get("/docs/lead-management")).text;
    for (const text of ["30%", "25%", "20%", "High (8–10)", "Medium (6–7.9)", "Low (below 6)", "Over 50,000 sq ft"]) expect(lead).toContain(text);
    const started = (await client.get("/docs/getting-started")).text;
    expect(started).toContain("14-day free trial with no credit card");
    expect(started).toContain(`&lt;script src=&quot;${server.url}/widget.js&quot; data-site-key=&quot;KEY&quot; async&gt;&lt;/script&gt;`);
    const contact = (await client.get("/contact")).text;
    expect(contact).toMatch(/href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer"[^>]*>Book a Demo/);
    for (const id of ["ai-revolution-cleaning", "lead-generation-strategies", "scaling-cleaning-business", "chatbot-benefits", "commercial-cleaning-trends"]) {
      const article = (await client.get(`/blog/${id}`)).text;
      expect(article).toMatch(/<a[^>]+href="\/register"[^>]*>Start Free Trial<\/a>\s*<\/div>\s*<\/aside>/);
    }
  });

  it("shows Sign In and Start Free Trial to visitors, and Dashboard to a signed-in user", async () => {
    const visitor = new HttpClient(server.url);
    const home = (await visitor.get("/")).text;
    expect(home).toContain('href="/login"');
    expect(home).not.toContain('href="/app/dashboard"');
    const owner = new HttpClient(server.url);
    const login = await owner.post("/login", { intent: "login", email: "demo@leadbroom.test", password: "DemoPass123" });
    expect(login.status).toBe(302);
    const signedIn = (await owner.get("/features")).text;
    expect(signedIn).toMatch(/<a[^>]+href="\/app\/dashboard"[^>]*>Dashboard<\/a>/);
    expect(signedIn).not.toMatch(/>Sign In<\/a>/);
  });

  it("sends /documentation and /guides to the Resources sections and every unknown path to /", async () => {
    const client = new HttpClient(server.url);
    expect(await client.get("/documentation")).toMatchObject({ status: 302, location: "/resources" });
    expect((await fetch(`${server.url}/documentation`, { redirect: "manual" })).headers.get("location")).toBe("/resources#documentation");
    expect((await fetch(`${server.url}/guides`, { redirect: "manual" })).headers.get("location")).toBe("/resources#guides");
    for (const unknown of ["/no-such-page", "/blog/not-an-article", "/docs/unknown", "/features/extra"]) {
      const res = await client.get(unknown);
      expect(res.status, unknown).toBe(302);
      expect(res.location, unknown).toBe("/");
    }
  });

  it("lists the public pages in sitemap.xml and points robots.txt at it", async () => {
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>${server.url}${page}</loc>`);
    expect(xml).not.toContain("/app/");
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /app/");
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("contact form", () => {
  const valid = { name: "Dana Cruz", email: "dana@example.com", phone: "", company: "Cruz Facility Services", message: "We need nightly cleaning for 3 offices." };

  it("rejects missing required fields with the spec's message and stores nothing", async () => {
    const client = new HttpClient(server.url);
    for (const field of ["name", "email", "company", "message"] as const) {
      const res = await client.post("/api/contact", { ...valid, [field]: "  " });
      expect(res.status, field).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: CONTACT_REQUIRED });
    }
    const badEmail = await client.post("/api/contact", { ...valid, email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(JSON.parse(badEmail.text).fieldErrors.email).toBe("Please enter a valid email address.");
    expect(await server.services.db.contactMessage.count()).toBe(0);
  });

  it("stores a message (phone optional) and e-mails it to the team address", async () => {
    const client = new HttpClient(server.url);
    const before = (await readOutbox(server.services.outboxDir)).length;
    const res = await client.post("/api/contact", valid);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ ok: true });
    const stored = await server.services.db.contactMessage.findFirstOrThrow({ where: { email: "dana@example.com" } });
    expect(stored).toMatchObject({ name: "Dana Cruz", company: "Cruz Facility Services", phone: null, message: valid.message });
    expect(stored.ipHash).toMatch(/^[0-9a-f]{64}$/);
    await server.services.jobs.idle([MAIL_QUEUE]); // the e-mail is a job (DESIGN §10)
    const mails = await readOutbox(server.services.outboxDir);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe("hello@leadbroom.com");
    expect(mail.subject).toBe("Contact form: Dana Cruz (Cruz Facility Services)");
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain("Phone: not given");
  });

  it("stores the message and its e-mail job together; the job layer sends it (and retries it through an outage)", async () => {
    const client = new HttpClient(server.url);
    const res = await client.post("/api/contact", { ...valid, email: "smtp-down@example.com", phone: "555-0100" });
    expect(res.status).toBe(200);
    const stored = await server.services.db.contactMessage.findFirstOrThrow({ where: { email: "smtp-down@example.com", phone: "555-0100" } });
    await server.services.jobs.idle([MAIL_QUEUE]);
    // One delivery per message, whatever the SMTP server does (tests/integration/jobs-mail.test.ts retries one).
    expect(await server.services.db.emailDelivery.findUnique({ where: { key: `contact:${stored.id}` } })).toMatchObject({
      kind: "contact",
      to: "hello@leadbroom.com",
      status: "sent",
    });
  });

  it("limits submissions per IP", async () => {
    const client = new HttpClient(server.url);
    const sent = await server.services.db.contactMessage.count();
    for (let i = sent; i < SUBMISSIONS_PER_WINDOW; i++) {
      expect((await client.post("/api/contact", { ...valid, email: `bulk${i}@example.com` })).status).toBe(200);
    }
    const limited = await client.post("/api/contact", { ...valid, email: "one-too-many@example.com" });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({ ok: false, error: CONTACT_RATE_LIMITED });
    expect(await server.services.db.contactMessage.count()).toBe(SUBMISSIONS_PER_WINDOW);
  });
});

describe("job applications", () => {
  function application(file: { name: string; bytes: Uint8Array } | null, overrides: Record<string, string> = {}) {
    const form = new FormData();
    const fields = { position: "sdr", name: "Jordan Avery", email: "jordan@example.com", coverLetter: "I have sold to facility managers for 3 years.", ...overrides };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (file) form.set("resume", new File([new Uint8Array(file.bytes)], file.name));
    return fetch(`${server.url}/api/careers`, { method: "POST", body: form });
  }

  it("stores a valid application with its résumé under a random name and e-mails the team", async () => {
    await server.services.jobs.idle([MAIL_QUEUE]); // e-mails of earlier tests have gone out
    const before = (await readOutbox(server.services.outboxDir)).length;
    const res = await application({ name: "Jordan Avery CV.pdf", bytes: pdfBytes() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const row = await server.services.db.jobApplication.findFirstOrThrow({ where: { email: "jordan@example.com" } });
    expect(row).toMatchObject({ position: "sdr", name: "Jordan Avery", resumeFileName: "Jordan Avery CV.pdf", resumeType: "application/pdf", resumeBytes: pdfBytes().length });
    expect(row.resumeStoredAs).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const dir = resumesDir(server.services.env.DATA_DIR);
    expect(new Uint8Array(await readFile(path.join(dir, row.resumeStoredAs)))).toEqual(pdfBytes());
    await server.services.jobs.idle([MAIL_QUEUE]);
    const mail = (await readOutbox(server.services.outboxDir)).slice(before).at(-1)!;
    expect(mail.to).toBe("hello@leadbroom.com");
    expect(mail.subject).toBe("Job application: Sales Development Representative from Jordan Avery");

    expect((await application({ name: "cv.docx", bytes: docxBytes() }, { email: "docx@example.com", position: "product-designer" })).status).toBe(200);
    expect((await application({ name: "cv.doc", bytes: docBytes() }, { email: "doc@example.com", position: "customer-success" })).status).toBe(200);
    expect(await server.services.db.jobApplication.count()).toBe(3);
    expect((await readdir(dir)).length).toBe(3);
  });

  it("rejects a file whose content is not what its name says, even named .pdf", async () => {
    const count = await server.services.db.jobApplication.count();
    const fake = await application({ name: "resume.pdf", bytes: new TextEncoder().encode("#!/bin/sh\necho not a pdf\n") });
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ ok: false, error: RESUME_CONTENT_ERROR, fieldErrors: { resume: RESUME_CONTENT_ERROR } });
    const docxNamedPdf = await application({ name: "resume.pdf", bytes: docxBytes() });
    expect((await docxNamedPdf.json()).error).toBe(RESUME_CONTENT_ERROR);
    const exe = await application({ name: "resume.exe", bytes: pdfBytes() });
    expect((await exe.json()).error).toBe(RESUME_TYPE_ERROR);
    expect(await server.services.db.jobApplication.count()).toBe(count);
  });

  it("rejects a résumé over 5 MB", async () => {
    const count = await server.services.db.jobApplication.count();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pdfBytes());
    big.set(new TextEncoder().encode("%%EOF\n"), big.length - 6);
    const res = await application({ name: "big.pdf", bytes: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: RESUME_SIZE_ERROR });
    expect(await server.services.db.jobApplication.count()).toBe(count);
  });

  it("requires every field and a known position", async () => {
    const missingFile = await application(null);
    expect(missingFile.status).toBe(400);
    expect(await missingFile.json()).toMatchObject({ error: CAREERS_REQUIRED, fieldErrors: { resume: CAREERS_REQUIRED } });
    const missingLetter = await application({ name: "cv.pdf", bytes: pdfBytes() }, { coverLetter: " " });
    expect(await missingLetter.json()).toMatchObject({ error: CAREERS_REQUIRED, fieldErrors: { coverLetter: CAREERS_REQUIRED } });
    const unknownPosition = await application({ name: "cv.pdf", bytes: pdfBytes() }, { position: "ceo" });
    expect(unknownPosition.status).toBe(400);
    expect((await unknownPosition.json()).fieldErrors.position).toBe("Please choose one of the open positions.");
  });
});

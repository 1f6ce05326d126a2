// Every template renders both parts from one content: the brand's name, the footer saying why the
// recipient gets it, and, for e-mails to leads and prospects, the unsubscribe link, in HTML and text.
import { describe, expect, it } from "vitest";
import { emailText } from "./email-content.ts";
import { renderEmail } from "./render-email.tsx";
import { SAMPLE_EMAILS } from "./samples.ts";
import { businessBrand, leadMessageEmail } from "./templates.ts";

const htmlText = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");

describe("e-mail templates", () => {
  for (const [name, content] of Object.entries(SAMPLE_EMAILS)) {
    it(`${name}: HTML and text carry the subject's content, the brand and the footer`, async () => {
      const email = await renderEmail(content);
      expect(email.subject).toBe(content.subject);
      // One XHTML document: the doctype, then the <html> element with nothing (no streaming markers) between.
      expect(email.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN" "[^"]+"><html[ >]/);
      expect(email.html.match(/<html[ >]/g)).toHaveLength(1);
      const html = htmlText(email.html);
      for (const part of [html, email.text]) {
        expect(part).toContain(content.brand.name);
        expect(part).toContain(content.footer.reason);
        expect(part).toMatch(/You get this e-mail because/);
      }
      expect(html).toContain(content.heading);
      for (const block of content.blocks) {
        if (block.type === "button") {
          expect(html).toContain(`href="${block.url}"`);
          expect(email.text).toContain(`${block.label}: ${block.url}`);
        }
      }
      if (content.brand.logoUrl) expect(html).toContain(`src="${content.brand.logoUrl}"`);
      if (content.footer.unsubscribeUrl) {
        expect(html).toContain(`href="${content.footer.unsubscribeUrl}"`);
        expect(email.text).toContain(content.footer.unsubscribeUrl);
        expect(email.text).toContain(content.brand.address!);
      }
      // Plain ASCII padding only: cheap to encode, and nothing invisible leaks into the text part.
      expect(email.text).not.toMatch(/[\u200b-\u200f\ufeff]/);
    });
  }

  it("covers both audiences: e-mails to leads carry an unsubscribe link, e-mails to the team and owners do not", () => {
    const withLink = Object.entries(SAMPLE_EMAILS).filter(([, c]) => c.footer.unsubscribeUrl).map(([n]) => n);
    expect(withLink.sort()).toEqual(["install-instructions", "lead-quote", "outreach-email"]);
  });

  it("keeps the owner's paragraphs and escapes what they typed in the HTML", async () => {
    const content = leadMessageEmail({
      brand: businessBrand({ name: "Tidy <Co>", logoPath: null }, "https://app.example"),
      subject: "Quote",
      body: "Hi <b>Pat</b>,\n\nLine one\nline two",
      unsubscribeUrl: "https://app.example/unsubscribe/x",
    });
    const email = await renderEmail(content);
    expect(email.html).toContain("Hi &lt;b&gt;Pat&lt;/b&gt;,");
    expect(email.html).not.toContain("<b>Pat</b>");
    expect(email.html).toContain("Tidy &lt;Co&gt;");
    expect(email.text).toBe(emailText(content));
    expect(email.text.startsWith("Hi <b>Pat</b>,\n\nLine one\nline two\n\n--\n")).toBe(true);
  });

  it("builds the brand from the business: logo URL under the app, postal address in one line", () => {
    expect(
      businessBrand({ name: "Acme", logoPath: "a b.png", street: "1 Main St", city: "Springfield", state: "IL", zip: "62701" }, "https://app.example"),
    ).toEqual({ name: "Acme", logoUrl: "https://app.example/uploads/logos/a%20b.png", address: "1 Main St, Springfield, IL 62701" });
    expect(businessBrand({ name: "Acme" }, "https://app.example")).toEqual({ name: "Acme", logoUrl: null, address: null });
  });
});

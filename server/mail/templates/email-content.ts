// What an e-mail says, independent of how it is drawn: a subject, a heading and a list of blocks, the
// brand it is sent under (the business's name and logo, or LeadBroom's) and a footer that tells the
// recipient why they get it. The template module renders the same content as HTML (react-email,
// render-email.tsx) and as plain text (here), so the two parts of a message always agree. Pure.

export type EmailBlock =
  /** A paragraph; line breaks inside are kept. */
  | { type: "text"; text: string; muted?: boolean }
  /** The main action, a button in HTML and "label: url" in text. */
  | { type: "button"; label: string; url: string }
  /** A list of lines, each optionally a link. */
  | { type: "list"; items: { text: string; url?: string }[] }
  /** Label / value rows (a contact's details, a form's fields). */
  | { type: "fields"; rows: [label: string, value: string][] }
  /** Code to copy as is (monospace). */
  | { type: "code"; text: string }
  /** Someone's own words (a note, a message), set off from ours. */
  | { type: "quote"; text: string; label?: string };

export type EmailBrand = {
  /** The business's name (or "LeadBroom" for account e-mails). */
  name: string;
  /** An absolute URL of the logo, when the business uploaded one. */
  logoUrl?: string | null;
  /** The sender's postal address, shown in the footer of e-mails to leads. */
  address?: string | null;
};

export type EmailFooter = {
  /** Why the recipient gets this e-mail, e.g. `You get this e-mail because … is on in Settings > Notifications.` */
  reason: string;
  /** A signed link that stops e-mails from this business to this address (every e-mail to a lead or prospect). */
  unsubscribeUrl?: string;
};

export type EmailContent = {
  subject: string;
  /** The inbox preview line (hidden in the body). Defaults to the heading. */
  preview?: string;
  heading: string;
  blocks: EmailBlock[];
  brand: EmailBrand;
  footer: EmailFooter;
};

export type RenderedEmail = { subject: string; text: string; html: string };

export const LEADBROOM_BRAND: EmailBrand = { name: "LeadBroom" };

/** The footer's last line: who sent it, through what. */
export function senderLine(content: Pick<EmailContent, "brand" | "footer">): string {
  const { brand } = content;
  if (brand.name === LEADBROOM_BRAND.name) return "LeadBroom · AI chat that turns website visitors into cleaning leads";
  // To a lead or prospect the business is the sender; to its own people LeadBroom writes for it.
  return content.footer.unsubscribeUrl ? `Sent by ${brand.name} with LeadBroom` : `LeadBroom for ${brand.name}`;
}

/** The sender's postal address, in the footer of e-mails to leads and prospects (CAN-SPAM). */
export function footerAddress(content: Pick<EmailContent, "brand" | "footer">): string | null {
  return content.footer.unsubscribeUrl ? (content.brand.address ?? null) : null;
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "button":
      return `${block.label}: ${block.url}`;
    case "list":
      return block.items.map((item) => `- ${item.text}${item.url ? ` ${item.url}` : ""}`).join("\n");
    case "fields":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "code":
      return block.text;
    case "quote":
      return `${block.label ? `${block.label}\n` : ""}${block.text}`;
  }
}

/** The plain-text part: the same blocks, one paragraph each, then the footer. */
export function emailText(content: EmailContent): string {
  const footer = [
    content.footer.reason,
    content.footer.unsubscribeUrl ? `Unsubscribe from ${content.brand.name}'s e-mails: ${content.footer.unsubscribeUrl}` : "",
    footerAddress(content) ?? "",
    senderLine(content),
  ].filter(Boolean);
  return `${content.blocks.map(blockText).join("\n\n")}\n\n--\n${footer.join("\n")}\n`;
}

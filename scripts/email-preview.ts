// `npm run email:preview [-- --out=dir]`: renders every e-mail template with sample data
// (server/mail/templates/samples.ts) to <name>.html and <name>.txt, and an index.html linking them, in
// DATA_DIR/email-preview (default .data/email-preview). Open index.html in a browser.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderEmail } from "../server/mail/templates/render-email.tsx";
import { SAMPLE_EMAILS } from "../server/mail/templates/samples.ts";

const outArg = process.argv.find((a) => a.startsWith("--out="))?.slice("--out=".length);
const out = path.resolve(outArg ?? path.join(process.env.DATA_DIR ?? ".data", "email-preview"));
await mkdir(out, { recursive: true });

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const rows: string[] = [];
for (const [name, content] of Object.entries(SAMPLE_EMAILS)) {
  const email = await renderEmail(content);
  await writeFile(path.join(out, `${name}.html`), email.html);
  await writeFile(path.join(out, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}`);
  rows.push(`<li><a href="${name}.html">${escape(name)}</a> (<a href="${name}.txt">text</a>): ${escape(email.subject)}</li>`);
}
await writeFile(
  path.join(out, "index.html"),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>LeadBroom e-mails</title>` +
    `<body style="font-family:sans-serif;max-width:720px;margin:2rem auto"><h1>LeadBroom e-mails (${rows.length})</h1><ul>${rows.join("")}</ul></body></html>\n`,
);
console.log(`Rendered ${rows.length} e-mails to ${out}${path.sep}index.html`);

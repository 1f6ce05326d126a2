// Prospect CSV files (spec §5, DESIGN §12): parsing a real-world export (BOM, `,` `;` or tab
// separators, quoted commas and line breaks, CRLF, empty lines) with csv-parse, matching header names
// case-insensitively with common aliases, and writing the same columns back with csv-stringify.
// Pure: the database side is prospects.server.ts.
import { isValidEmail } from "../shared/auth/validation.ts";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { PROSPECT_STATUS_LABELS } from "./outreach-options.ts";

export { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_MESSAGES } from "./csv-limits.ts";
import { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_MESSAGES } from "./csv-limits.ts";
/** Longest value kept per field; longer values are refused for that row. */
const FIELD_MAX = 500;

export type ProspectField = "name" | "firstName" | "lastName" | "title" | "company" | "location" | "industry" | "email" | "profileUrl";

/** Header names (lower-case, letters and digits only) and the field each one fills. */
const ALIASES: Record<string, ProspectField> = {};
const alias = (field: ProspectField, ...names: string[]) => names.forEach((n) => (ALIASES[n] = field));
alias("name", "name", "fullname", "contact", "contactname", "prospect", "prospectname", "person");
alias("firstName", "firstname", "first", "givenname", "forename");
alias("lastName", "lastname", "last", "surname", "familyname");
alias("title", "title", "jobtitle", "position", "role", "jobrole", "headline");
alias("company", "company", "companyname", "organization", "organisation", "account", "accountname", "employer", "business");
alias("location", "location", "city", "region", "area", "address", "locality", "geography");
alias("industry", "industry", "sector", "vertical");
alias("email", "email", "emailaddress", "mail", "workemail", "businessemail", "emails");
alias("profileUrl", "profileurl", "profile", "linkedin", "linkedinurl", "linkedinprofile", "linkedinprofileurl", "url", "profilelink");

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export type ProspectRow = {
  /** Line of the file the row ends on (the header is line 1). */
  line: number;
  name: string;
  firstName: string;
  title: string;
  company: string;
  location: string;
  industry: string;
  /** Lower-cased; null when empty. */
  email: string | null;
  profileUrl: string;
};

export type RowProblem = { line: number; reason: string };

export type ParsedCsv =
  | { ok: true; rows: ProspectRow[]; skipped: RowProblem[]; /** Rows kept without a field that was not valid (reported, not dropped). */ fieldNotes: RowProblem[]; columns: ProspectField[] }
  | { ok: false; error: string };


export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The separator of the header line: the most frequent of `,` `;` and tab outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const outside = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, outside.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ",";
}

/** A cell written by a spreadsheet-safe export ('=…) reads back as its value. */
const unescapeCell = (value: string) => (/^'[=+\-@]/.test(value) ? value.slice(1) : value);

/**
 * A file's bytes as text (issue 27 item 10: a UTF-16 export reached the database as NULs): UTF-8 with
 * or without its BOM, UTF-16 LE or BE with their BOM; null for anything else (invalid UTF-8, or UTF-16
 * without a BOM, whose NUL bytes no text column takes).
 */
export function decodeCsvText(input: Buffer | string): string | null {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    const encoding = input[0] === 0xff && input[1] === 0xfe ? "utf-16le" : input[0] === 0xfe && input[1] === 0xff ? "utf-16be" : "utf-8";
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(input); // drops the BOM of its encoding
    } catch {
      return null;
    }
  }
  text = text.replace(/^\uFEFF/, "");
  return text.includes("\u0000") ? null : text;
}

export function parseProspectCsv(input: Buffer | string): ParsedCsv {
  const size = typeof input === "string" ? Buffer.byteLength(input) : input.length;
  if (size > CSV_MAX_BYTES) return { ok: false, error: CSV_MESSAGES.tooLarge };
  const text = decodeCsvText(input);
  if (text === null) return { ok: false, error: CSV_MESSAGES.encoding };
  if (!text.trim()) return { ok: false, error: CSV_MESSAGES.empty };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: CSV_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid \w+: /, "") : "";
    return { ok: false, error: detail ? `${CSV_MESSAGES.unreadable}: ${detail}` : CSV_MESSAGES.unreadable };
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, error: CSV_MESSAGES.empty };
  const fields = header.record.map((h) => ALIASES[headerKey(h)] ?? null);
  const columns = [...new Set(fields.filter((f): f is ProspectField => f !== null))];
  if (!columns.some((f) => f === "name" || f === "firstName" || f === "email" || f === "profileUrl")) {
    return { ok: false, error: CSV_MESSAGES.noHeader };
  }
  if (body.length > CSV_MAX_ROWS) return { ok: false, error: CSV_MESSAGES.tooManyRows };

  const rows: ProspectRow[] = [];
  const skipped: RowProblem[] = [];
  const fieldNotes: RowProblem[] = [];
  const seenEmail = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const value: Record<ProspectField, string> = { name: "", firstName: "", lastName: "", title: "", company: "", location: "", industry: "", email: "", profileUrl: "" };
    fields.forEach((field, i) => {
      const cell = unescapeCell((record[i] ?? "").trim());
      if (field && cell && !value[field]) value[field] = cell;
    });
    const tooLong = (Object.keys(value) as ProspectField[]).find((f) => value[f].length > FIELD_MAX);
    if (tooLong) {
      skipped.push({ line, reason: `the ${tooLong === "profileUrl" ? "profile URL" : tooLong} is longer than ${FIELD_MAX} characters` });
      continue;
    }
    const name = value.name || [value.firstName, value.lastName].filter(Boolean).join(" ");
    const firstName = value.firstName || name.split(/\s+/)[0] || "";
    const email = value.email ? value.email.replace(/^mailto:/i, "").toLowerCase() : null;
    if (email !== null && !isValidEmail(email)) {
      skipped.push({ line, reason: `"${value.email}" is not a valid e-mail address` });
      continue;
    }
    // "linkedin.com/in/x" is a web address without its scheme: completed, not refused (issue 32 item 8).
    const profileUrl = normaliseProfileUrl(value.profileUrl);
    if (value.profileUrl && profileUrl === null) {
      // A row with a name or e-mail is kept without the URL, and the field is reported.
      if (!name && !email) {
        skipped.push({ line, reason: `"${value.profileUrl}" is not a web address (https://…)` });
        continue;
      }
      fieldNotes.push({ line, reason: `"${value.profileUrl}" is not a web address (https://…); imported without the profile URL` });
    }
    value.profileUrl = profileUrl ?? "";
    if (!name && !email && !value.profileUrl) {
      skipped.push({ line, reason: "no name, e-mail or profile URL" });
      continue;
    }
    if (email !== null) {
      const first = seenEmail.get(email);
      if (first !== undefined) {
        skipped.push({ line, reason: `same e-mail as line ${first} (${email})` });
        continue;
      }
      seenEmail.set(email, line);
    }
    rows.push({ line, name, firstName, title: value.title, company: value.company, location: value.location, industry: value.industry, email, profileUrl: value.profileUrl });
  }
  return { ok: true, rows, skipped, fieldNotes, columns };
}

/**
 * A profile URL as typed in a spreadsheet: "https://…" kept, "linkedin.com/in/x" or "www.…/…" completed
 * with https://; null when it is no web address at all.
 */
export function normaliseProfileUrl(raw: string): string | null {
  if (!raw) return "";
  const withScheme = /^https?:\/\//i.test(raw) ? raw : /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(raw) ? `https://${raw}` : null;
  if (withScheme === null || !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(withScheme)) return null;
  try {
    new URL(withScheme);
    return withScheme;
  } catch {
    return null;
  }
}

/** A stored prospect as the export writes it: the import's fields and the status. */
export type ExportProspect = Omit<ProspectRow, "line"> & { status: keyof typeof PROSPECT_STATUS_LABELS };

export const EXPORT_COLUMNS = ["Name", "First Name", "Title", "Company", "Location", "Industry", "Email", "Profile URL", "Status"] as const;
export const EXPORT_FILE_NAME = "prospects.csv";

/** A value a spreadsheet would run as a formula is written with a leading apostrophe (read back by the import). */
const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The same columns the import reads, with a BOM so spreadsheets open it as UTF-8. */
export function prospectsToCsv(prospects: ExportProspect[]): string {
  const rows = prospects.map((p) =>
    [p.name, p.firstName, p.title, p.company, p.location, p.industry, p.email ?? "", p.profileUrl, PROSPECT_STATUS_LABELS[p.status]].map(safeCell),
  );
  return `\uFEFF${stringify([[...EXPORT_COLUMNS], ...rows], { record_delimiter: "\r\n" })}`;
}

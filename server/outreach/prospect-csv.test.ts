import { isValidEmail } from "../shared/auth/validation.ts";
import { describe, expect, it } from "vitest";
import { CSV_MAX_BYTES, CSV_MESSAGES, detectDelimiter, normaliseProfileUrl, parseProspectCsv, prospectsToCsv, type ExportProspect } from "./prospect-csv.ts";

const ok = (input: string | Buffer) => {
  const parsed = parseProspectCsv(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
};

describe("parseProspectCsv", () => {
  it("reads a messy export: BOM, CRLF, quoted commas and line breaks, empty lines, aliases in any case", () => {
    const csv =
      "\uFEFFFull Name,JOB TITLE,Company Name,City,Sector,E-mail Address,LinkedIn URL\r\n" +
      '"Pat Lee","Facility Manager, East","Acme, Inc.",Austin,Healthcare,PAT@Acme.example ,https://www.linkedin.com/in/patlee\r\n' +
      "\r\n" +
      ',,,,,,\r\n' +
      '"Sam Roe","Office\nManager",Northwind,Dallas,Education,,\r\n';
    const parsed = ok(csv);
    expect(parsed.rows).toEqual([
      { line: 2, name: "Pat Lee", firstName: "Pat", title: "Facility Manager, East", company: "Acme, Inc.", location: "Austin", industry: "Healthcare", email: "pat@acme.example", profileUrl: "https://www.linkedin.com/in/patlee" },
      { line: 6, name: "Sam Roe", firstName: "Sam", title: "Office\nManager", company: "Northwind", location: "Dallas", industry: "Education", email: null, profileUrl: "" },
    ]);
    expect(parsed.skipped).toEqual([]);
  });

  it("reads `;` and tab separated files, and builds the name from first and last name", () => {
    expect(detectDelimiter("a;b;c\n1;2;3")).toBe(";");
    expect(detectDelimiter("a\tb\n")).toBe("\t");
    expect(detectDelimiter('"x;y",b,c')).toBe(",");
    const parsed = ok("First Name;Last Name;Email;Title\nAna;Díaz;ana@x.example;CFO\n");
    expect(parsed.rows[0]).toMatchObject({ name: "Ana Díaz", firstName: "Ana", email: "ana@x.example", title: "CFO", company: "", location: "" });
    expect(ok("name\temail\nBo\tbo@x.example\n").rows[0]).toMatchObject({ name: "Bo", email: "bo@x.example" });
  });

  it("reports each bad row with its line and reason, and keeps the good ones", () => {
    const parsed = ok(
      [
        "Name,Email,Profile URL",
        "Good One,good@x.example,",
        "Bad Mail,not-an-email,",
        "Twice,GOOD@x.example,",
        "Bad Url,,no address",
        ",,",
        "Only Profile,,https://linkedin.com/in/only",
      ].join("\n"),
    );
    expect(parsed.rows.map((r) => r.name)).toEqual(["Good One", "Bad Url", "Only Profile"]);
    expect(parsed.fieldNotes).toEqual([{ line: 5, reason: '"no address" is not a web address (https://…); imported without the profile URL' }]);
    expect(parsed.skipped).toEqual([
      { line: 3, reason: '"not-an-email" is not a valid e-mail address' },
      { line: 4, reason: "same e-mail as line 2 (good@x.example)" },
    ]);
  });

  it("decodes UTF-8 with or without its BOM and UTF-16 LE/BE with their BOM; refuses other bytes with a clear message", () => {
    const csv = "Name,Email,Company\nZoë Ölund,zoe@example.test,Café Ltd\n";
    const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();
    for (const data of [
      Buffer.from(csv, "utf8"),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, "utf8")]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(csv)]),
    ]) {
      expect(parseProspectCsv(data)).toMatchObject({ ok: true, rows: [{ name: "Zoë Ölund", email: "zoe@example.test", company: "Café Ltd" }] });
    }
    // UTF-16 without a BOM (NUL bytes), Latin-1 (invalid UTF-8), a NUL in UTF-8 text.
    for (const data of [Buffer.from(csv, "utf16le"), utf16be(csv), Buffer.from(csv, "latin1"), Buffer.from("Name,Email\nA\u0000B,a@b.example\n"), "Name\nA\u0000\n"]) {
      expect(parseProspectCsv(data)).toEqual({ ok: false, error: CSV_MESSAGES.encoding });
    }
  });

  it("refuses files without a header row, empty files, oversized files and too many rows", () => {
    expect(parseProspectCsv("pat@x.example,Pat\n")).toEqual({ ok: false, error: CSV_MESSAGES.noHeader });
    expect(parseProspectCsv("\uFEFF\r\n\r\n")).toEqual({ ok: false, error: CSV_MESSAGES.empty });
    expect(parseProspectCsv(Buffer.alloc(CSV_MAX_BYTES + 1, 97))).toEqual({ ok: false, error: CSV_MESSAGES.tooLarge });
    // A 50 MB file is refused by its size before anything parses it.
    expect(parseProspectCsv(Buffer.alloc(50 * 1024 * 1024, 97))).toEqual({ ok: false, error: CSV_MESSAGES.tooLarge });
    const many = ["Email", ...Array.from({ length: 10_001 }, (_, i) => `p${i}@x.example`)].join("\n");
    expect(parseProspectCsv(many)).toEqual({ ok: false, error: CSV_MESSAGES.tooManyRows });
    const bad = parseProspectCsv('Name,Email\n"unterminated,a@x.example\n');
    expect(bad.ok).toBe(false);
  });
});

describe("prospectsToCsv", () => {
  it("writes the import's columns, quoting where needed, and reads back the same prospects", () => {
    const prospects: ExportProspect[] = [
      { name: "Pat Lee", firstName: "Pat", title: "Manager, East", company: 'The "Best" Co', location: "Austin", industry: "Healthcare", email: "pat@x.example", profileUrl: "https://linkedin.com/in/pat", status: "contacted" },
      { name: "=HYPERLINK()", firstName: "Eve", title: "", company: "", location: "", industry: "", email: null, profileUrl: "https://linkedin.com/in/eve", status: "pending" },
    ];
    const csv = prospectsToCsv(prospects);
    expect(csv.startsWith("\uFEFFName,First Name,Title,Company,Location,Industry,Email,Profile URL,Status\r\n")).toBe(true);
    expect(csv).toContain('"Manager, East","The ""Best"" Co"');
    expect(csv).toContain("'=HYPERLINK()");
    const back = ok(csv).rows;
    expect(back.map(({ line: _line, ...r }) => r)).toEqual(prospects.map(({ status: _status, ...p }) => p));
  });
});

describe("imports that keep good rows (issue 32 item 8)", () => {
  const csv = (text: string) => Buffer.from(text);

  it("completes a LinkedIn URL typed without https://", () => {
    const parsed = parseProspectCsv(csv("Name,Email,LinkedIn\nAna Diaz,ana@acme.example,linkedin.com/in/ana\nBo Li,bo@acme.example,www.linkedin.com/in/bo\n"));
    expect(parsed.ok && parsed.rows.map((r) => r.profileUrl)).toEqual(["https://linkedin.com/in/ana", "https://www.linkedin.com/in/bo"]);
    expect(parsed.ok && parsed.skipped).toEqual([]);
  });

  it("keeps a row with a valid e-mail and reports a profile field that is no web address", () => {
    const parsed = parseProspectCsv(csv("Name,Email,LinkedIn\nAna Diaz,ana@acme.example,not a url\n"));
    expect(parsed.ok && parsed.rows.map((r) => [r.email, r.profileUrl])).toEqual([["ana@acme.example", ""]]);
    expect(parsed.ok && parsed.fieldNotes).toEqual([{ line: 2, reason: '"not a url" is not a web address (https://…); imported without the profile URL' }]);
  });

  it("refuses a@acme..example with the one e-mail validator", () => {
    const parsed = parseProspectCsv(csv("Name,Email\nAna Diaz,a@acme..example\n"));
    expect(parsed.ok && parsed.rows).toEqual([]);
    expect(parsed.ok && parsed.skipped[0]?.reason).toBe('"a@acme..example" is not a valid e-mail address');
    expect(isValidEmail("a@acme..example")).toBe(false);
    expect(normaliseProfileUrl("linkedin.com/in/x")).toBe("https://linkedin.com/in/x");
  });
});

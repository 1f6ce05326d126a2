// Prospects of a business (DESIGN §12): CSV import (deduplicated by e-mail, a per-row report) and
// export, Find Prospects, marking a response and converting into a lead (source outreach). Every query
// is scoped to the business of the caller; routes and jobs call these, never Prisma directly.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { createLead } from "../leads/commands.server.ts";
import type { CommandContext } from "../events/command-context.server.ts";
import { CSV_MESSAGES, isCsvFileName, parseProspectCsv, prospectsToCsv, type ProspectRow, type RowProblem } from "./prospect-csv.ts";
import { prospectWhere, type ProspectFilter } from "./prospect-filter.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";

/** A refusal says why (the page's action picks the HTTP status with failureStatus), decision 0032. */
export type OutreachFailure = DomainFailure;
export type OutreachResult<T> = { ok: true; value: T } | OutreachFailure;
export const PROSPECT_NOT_FOUND = "Prospect not found";

export type ImportReport = { imported: number; updated: number; skipped: RowProblem[]; /** Rows kept without a field that was not valid. */ fieldNotes: RowProblem[] };

/** Rows written per statement. */
const CHUNK = 2500;

/**
 * Imports a CSV file: new e-mails become pending prospects, known e-mails have their non-empty fields
 * updated (status kept), rows without an e-mail are added unless the same profile URL is already there.
 */
export async function importProspects(
  db: Db,
  args: { businessId: string; fileName: string; data: Buffer },
): Promise<OutreachResult<ImportReport>> {
  if (!isCsvFileName(args.fileName)) return refuse("invalid", CSV_MESSAGES.notCsv);
  const parsed = parseProspectCsv(args.data);
  if (!parsed.ok) return refuse("invalid", parsed.error);
  const skipped = [...parsed.skipped];
  const withEmail = parsed.rows.filter((r) => r.email !== null);
  let withoutEmail = parsed.rows.filter((r) => r.email === null);

  if (withoutEmail.length) {
    const urls = withoutEmail.map((r) => r.profileUrl).filter(Boolean);
    const known = new Set(
      urls.length
        ? (await db.prospect.findMany({ where: { businessId: args.businessId, profileUrl: { in: urls } }, select: { profileUrl: true } })).map((p) => p.profileUrl)
        : [],
    );
    const seen = new Set<string>();
    withoutEmail = withoutEmail.filter((row) => {
      if (!row.profileUrl) return true;
      if (known.has(row.profileUrl) || seen.has(row.profileUrl)) {
        skipped.push({ line: row.line, reason: "already imported (same profile URL, no e-mail)" });
        return false;
      }
      seen.add(row.profileUrl);
      return true;
    });
  }

  let imported = 0;
  let updated = 0;
  await db.$transaction(async (tx) => {
    for (let i = 0; i < withEmail.length; i += CHUNK) {
      const rows = await tx.$queryRawUnsafe<{ inserted: boolean }[]>(
        `${INSERT_ROWS}
        ON CONFLICT ("businessId", "email") DO UPDATE SET
          "name" = COALESCE(NULLIF(EXCLUDED."name", ''), "Prospect"."name"),
          "firstName" = COALESCE(NULLIF(EXCLUDED."firstName", ''), "Prospect"."firstName"),
          "title" = COALESCE(NULLIF(EXCLUDED."title", ''), "Prospect"."title"),
          "company" = COALESCE(NULLIF(EXCLUDED."company", ''), "Prospect"."company"),
          "location" = COALESCE(NULLIF(EXCLUDED."location", ''), "Prospect"."location"),
          "industry" = COALESCE(NULLIF(EXCLUDED."industry", ''), "Prospect"."industry"),
          "profileUrl" = COALESCE(NULLIF(EXCLUDED."profileUrl", ''), "Prospect"."profileUrl"),
          "updatedAt" = now()
        RETURNING ("xmax"::text = '0') AS "inserted"`,
        args.businessId,
        rowsJson(withEmail.slice(i, i + CHUNK)),
      );
      for (const row of rows) if (row.inserted) imported++;
      else updated++;
    }
    for (let i = 0; i < withoutEmail.length; i += CHUNK) {
      imported += await tx.$executeRawUnsafe(INSERT_ROWS, args.businessId, rowsJson(withoutEmail.slice(i, i + CHUNK)));
    }
  }, { timeout: 60_000 });
  skipped.sort((a, b) => a.line - b.line);
  return { ok: true, value: { imported, updated, skipped, fieldNotes: parsed.fieldNotes } };
}

/**
 * The rows travel as one JSON parameter per statement (json_to_recordset): binding thousands of
 * separate parameters costs several times more than the insert itself (tests/bench/outreach-import.ts).
 */
const INSERT_ROWS = `INSERT INTO "Prospect" ("id", "businessId", "name", "firstName", "title", "company", "location", "industry", "email", "profileUrl", "updatedAt")
        SELECT r."id", $1, r."name", r."firstName", r."title", r."company", r."location", r."industry", r."email", r."profileUrl", now()
        FROM json_to_recordset($2::json) AS r("id" text, "name" text, "firstName" text, "title" text, "company" text, "location" text, "industry" text, "email" text, "profileUrl" text)`;

function rowsJson(rows: ProspectRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({ id: randomUUID(), name: r.name, firstName: r.firstName, title: r.title, company: r.company, location: r.location, industry: r.industry, email: r.email, profileUrl: r.profileUrl })),
  );
}

export const PROSPECT_SELECT = {
  id: true,
  name: true,
  firstName: true,
  title: true,
  company: true,
  location: true,
  industry: true,
  email: true,
  profileUrl: true,
  status: true,
  unsubscribed: true,
  leadId: true,
} as const;

/** The page's table: the newest first, at most `take`, and how many match. */
export async function listProspects(db: Db, args: { businessId: string; filter: ProspectFilter; take?: number }) {
  const where = prospectWhere(args.businessId, args.filter);
  const [prospects, total, all] = await Promise.all([
    db.prospect.findMany({ where, select: PROSPECT_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: args.take ?? 200 }),
    db.prospect.count({ where }),
    db.prospect.count({ where: { businessId: args.businessId } }),
  ]);
  return { prospects, total, all };
}

/** Export CSV: the prospects the filter finds (all without a filter), in the import's columns. */
export async function exportProspects(db: Db, args: { businessId: string; filter: ProspectFilter }): Promise<string> {
  const prospects = await db.prospect.findMany({
    where: prospectWhere(args.businessId, args.filter),
    select: PROSPECT_SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return prospectsToCsv(prospects);
}

/** Cancels the scheduled e-mails of a prospect's sequences and marks them stopped (why, when). */
export async function stopSequences(
  tx: Pick<Db, "outreachEmail" | "outreachEnrollment">,
  args: { businessId: string; prospectIds: string[]; reason: string; now: Date },
): Promise<number> {
  if (!args.prospectIds.length) return 0;
  const cancelled = await tx.outreachEmail.updateMany({
    where: { businessId: args.businessId, prospectId: { in: args.prospectIds }, status: "scheduled" },
    data: { status: "cancelled", reason: args.reason },
  });
  await tx.outreachEnrollment.updateMany({
    where: { businessId: args.businessId, prospectId: { in: args.prospectIds }, stoppedAt: null, finishedAt: null },
    data: { stoppedAt: args.now, stopReason: args.reason },
  });
  return cancelled.count;
}

export const STOP_REASONS = {
  responded: "The prospect responded",
  converted: "The prospect was converted into a lead",
  unsubscribed: "The prospect unsubscribed",
} as const;

/** The prospect answered (a reply, a call): responded, and its sequences stop. */
export async function markResponded(db: Db, args: { businessId: string; prospectId: string; now?: Date }): Promise<OutreachResult<null>> {
  const now = args.now ?? new Date();
  return db.$transaction(async (tx) => {
    const prospect = await tx.prospect.findFirst({ where: { id: args.prospectId, businessId: args.businessId }, select: { id: true, status: true } });
    if (!prospect) return refuse("not_found", PROSPECT_NOT_FOUND);
    if (prospect.status === "converted") return refuse("conflict", "This prospect is already a lead");
    await tx.prospect.update({ where: { id: prospect.id }, data: { status: "responded" } });
    await stopSequences(tx, { businessId: args.businessId, prospectIds: [prospect.id], reason: STOP_REASONS.responded, now });
    return { ok: true as const, value: null };
  });
}

/**
 * Convert to lead: the lead-creation command with source outreach (its history says where it came
 * from), so it has every new lead's consequences (`lead.created`, the plan count, the live push); the
 * prospect's link and the end of its sequences commit in the same transaction.
 */
export async function convertProspect(
  ctx: CommandContext,
  args: { businessId: string; prospectId: string; actorUserId: string },
): Promise<OutreachResult<{ leadId: string }>> {
  const { db } = ctx;
  const prospect = await db.prospect.findFirst({ where: { id: args.prospectId, businessId: args.businessId }, select: PROSPECT_SELECT });
  if (!prospect) return refuse("not_found", PROSPECT_NOT_FOUND);
  if (prospect.leadId) return refuse("conflict", "This prospect is already a lead");
  const note = [
    "Converted from Cold Outreach.",
    prospect.title ? `Title: ${prospect.title}.` : "",
    prospect.location ? `Location: ${prospect.location}.` : "",
    prospect.industry ? `Industry: ${prospect.industry}.` : "",
    prospect.profileUrl ? `Profile: ${prospect.profileUrl}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const fields = { name: prospect.name || prospect.email || "Prospect", email: prospect.email ?? "", company: prospect.company, note };
  const created = await createLead(ctx, { businessId: args.businessId, fields }, {
    source: "outreach",
    actorUserId: args.actorUserId,
    // Claimed in the lead's transaction, so two clicks make one lead (the second rolls back).
    within: async (tx, leadId) => {
      const claimed = await tx.prospect.updateMany({
        where: { id: prospect.id, leadId: null, status: { not: "converted" } },
        data: { status: "converted", leadId },
      });
      if (claimed.count !== 1) throw new AlreadyConverted();
      await stopSequences(tx, { businessId: args.businessId, prospectIds: [prospect.id], reason: STOP_REASONS.converted, now: ctx.clock() });
    },
  }).catch((error: unknown) => {
    if (error instanceof AlreadyConverted) return null;
    throw error;
  });
  if (!created) return refuse("conflict", "This prospect is already a lead");
  if (!created.ok) return refuse("invalid", created.error);
  return { ok: true, value: { leadId: created.value.leadId } };
}

class AlreadyConverted extends Error {}

/** An address unsubscribed (server/mail/unsubscribe.server.ts): its prospects are never e-mailed again. */
export async function prospectsUnsubscribed(
  tx: Pick<Db, "prospect" | "outreachEmail" | "outreachEnrollment">,
  args: { businessId: string; email: string; now: Date },
): Promise<void> {
  const prospects = await tx.prospect.findMany({ where: { businessId: args.businessId, email: args.email }, select: { id: true } });
  if (!prospects.length) return;
  const ids = prospects.map((p) => p.id);
  await tx.prospect.updateMany({ where: { id: { in: ids } }, data: { unsubscribed: true } });
  await stopSequences(tx, { businessId: args.businessId, prospectIds: ids, reason: STOP_REASONS.unsubscribed, now: args.now });
}

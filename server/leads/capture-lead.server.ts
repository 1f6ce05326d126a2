// Stores (or updates) the lead of a chatbot conversation from the engine's answers: factor answers,
// score breakdown, score, priority, status New, source chatbot, a 'created' history event and a
// follow-up reminder due by priority (DESIGN §4), and the team's "new-lead" notification. One lead per
// conversation (unique conversationId).
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { isRecordNotFound } from "../db/errors.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { Answers } from "../conversation/engine.ts";
import { FOLLOW_UP_HOURS, type ScoreInput } from "../shared/scoring/score.ts";
import { leadFields } from "./lead-fields.ts";
import type { LeadSummary, WorkspaceNotification } from "../realtime/protocol.ts";
import { leadSummarySelect, toLeadSummary, type LeadRow } from "./lead-summary.ts";
import { asUtcDate, sqlUtc, utcText } from "../db/timestamps.ts";
import { hideLeadDetails } from "../billing/lead-visibility.ts";
import { newLeadNotificationText } from "../notifications/notifications.server.ts";
import { leadCreatedEventSql } from "../events/emit-events.server.ts";
import { eventKey, type DomainEvent } from "../events/domain-events.ts";
import { insertJobsSql, statementWake, type JobWaker } from "../jobs/queue/job-sql.server.ts";
import { EVENT_QUEUE, LEAD_QUOTA_QUEUE } from "../jobs/queue/queues.ts";

export type CaptureInput = {
  businessId: string;
  conversationId: string;
  /** The conversation's lead, when an earlier turn created it (the conversation state keeps it). */
  leadId?: string;
  isTest: boolean;
  answers: Answers;
  scoreInput: ScoreInput;
  now: Date;
  /** Store the team's "new-lead" notification with a new lead; its text hides the contact details when asked. */
  notify?: { hideDetails: boolean };
  /**
   * The domain events an update of the existing lead (`leadId`) causes, written in the same statement
   * as the update (the outbox, DESIGN §10): nothing when the lead is gone and is captured afresh.
   */
  events?: (scored: { score: number; incomplete: boolean }) => DomainEvent[];
  /**
   * The process's job queue: the statement's jobs (`lead.created`, the events) are then written without
   * a NOTIFY and this process's dispatcher is told once it returned (decision 0100).
   */
  jobs?: JobWaker;
};

export type CaptureResult = {
  kind: "created" | "updated";
  lead: LeadSummary;
  notification?: WorkspaceNotification;
  /** Some factor is still unanswered (its points assumed). */
  incomplete?: boolean;
  /** The update wrote the input's `events` in its statement. */
  eventsWritten?: true;
};

/** The lead as the capture statement returns it, with its notification. */
type CapturedRow = Omit<LeadRow, "createdAt"> & {
  createdAt: Date | string;
  notificationId: string | null;
  notificationAt: Date | string | null;
};

export async function captureLead(db: Db, input: CaptureInput): Promise<CaptureResult> {
  const { scored, data } = leadFields(input.answers, input.scoreInput);
  if (input.leadId) {
    const lead = input.events
      ? await updateLeadWithEvents(db, input.leadId, input.businessId, data, sqlUtc(input.now), input.events(scored), input.jobs)
      : await db.lead
          .update({ where: { id: input.leadId, businessId: input.businessId }, data, select: leadSummarySelect })
          .catch((error: unknown) => {
            if (isRecordNotFound(error)) return null; // gone: capture it afresh below
            throw error;
          });
    if (lead) return { kind: "updated", lead: toLeadSummary(lead), incomplete: scored.incomplete, ...(input.events ? { eventsWritten: true } : {}) };
  }
  const eventData = {
    source: "chatbot",
    score: scored.score,
    priority: scored.priority,
    incomplete: scored.incomplete,
    answers: (input.answers.raw ?? {}) as Prisma.InputJsonObject,
  } satisfies Prisma.InputJsonObject;
  const now = sqlUtc(input.now);
  const wake = statementWake(db, input.jobs);
  const dueAt = sqlUtc(new Date(input.now.getTime() + FOLLOW_UP_HOURS[scored.priority] * 3_600_000));
  const reminderNote = `Follow up with ${input.answers.name ?? "the new lead"} (${scored.priority} priority)`;
  const shown = { name: data.name, email: data.email, phone: data.phone, company: data.company, priority: scored.priority, isTest: input.isTest };
  const notificationText = input.notify
    ? newLeadNotificationText(input.notify.hideDetails ? hideLeadDetails(shown) : shown)
    : undefined;
  // The lead, its 'created' event, its follow-up reminder, the team's "new-lead" notification, the
  // `lead.created` domain event's job (the outbox, DESIGN §10), the `lead.quota` job that counts it
  // against the plan (not a test lead; decision 0103) and the
  // lead's id on the conversation state (clearing "leadPending") in one statement (decision 0007): all or nothing, and one round trip on the chat's hot path. A
  // concurrent capture of the same conversation wins the unique index: then nothing is inserted.
  const rows = await queryPrepared<CapturedRow>(db, Prisma.sql`
    WITH lead AS (
      INSERT INTO "Lead" ("id", "businessId", "conversationId", "name", "email", "phone", "company", "serviceType",
        "buildingSizeSqFt", "frequency", "visitsPerMonth", "budgetMonthlyCents", "marketPriceCents", "timeline", "timelineDays",
        "sizePoints", "frequencyPoints", "budgetPoints", "timelinePoints", "score", "priority", "incomplete",
        "status", "source", "isTest", "customAnswers", "createdAt", "updatedAt")
      VALUES (${randomUUID()}, ${input.businessId}, ${input.conversationId}, ${data.name}, ${data.email}, ${data.phone},
        ${data.company}, ${data.serviceType}, ${data.buildingSizeSqFt}::int, ${data.frequency}, ${data.visitsPerMonth}::float8,
        ${data.budgetMonthlyCents}::int, ${data.marketPriceCents}::int, ${data.timeline}, ${data.timelineDays}::int, ${data.sizePoints}::int,
        ${data.frequencyPoints}::int, ${data.budgetPoints}::int, ${data.timelinePoints}::int, ${data.score}::float8,
        ${data.priority}::"LeadPriority", ${data.incomplete}, 'new'::"LeadStatus", 'chatbot'::"LeadSource", ${input.isTest},
        ${JSON.stringify(data.customAnswers)}::jsonb, ${now}, ${now})
      ON CONFLICT ("conversationId") DO NOTHING
      RETURNING "id", "businessId", "name", "email", "phone", "company", "score", "priority"::text AS "priority", "status"::text AS "status",
        "conversationId", "isTest", ${utcText('"createdAt"')} AS "createdAt"
    ), event AS (
      INSERT INTO "LeadEvent" ("id", "leadId", "businessId", "type", "data", "createdAt")
      SELECT ${randomUUID()}, lead."id", ${input.businessId}, 'created', ${JSON.stringify(eventData)}::jsonb, ${now} FROM lead
    ), reminder AS (
      INSERT INTO "Reminder" ("id", "leadId", "businessId", "dueAt", "note", "createdAt")
      SELECT ${randomUUID()}, lead."id", ${input.businessId}, ${dueAt}, ${reminderNote}, ${now} FROM lead
    ), conversation AS (
      UPDATE "Conversation" c SET "state" = (c."state" - 'leadPending') || jsonb_build_object('leadId', lead."id")
        FROM lead WHERE c."id" = lead."conversationId"
    ), notification AS (
      INSERT INTO "Notification" ("id", "businessId", "type", "text", "leadId", "createdAt")
      SELECT ${randomUUID()}, ${input.businessId}, 'new-lead', ${notificationText ?? ""}, lead."id", ${now}
        FROM lead WHERE ${notificationText !== undefined}
      RETURNING "id", ${utcText('"createdAt"')} AS "createdAt"
    ), created_event AS (
      ${leadCreatedEventSql("lead", wake.mode)}
    ), counted AS (
      -- The plan as of the capture, read here (no lock), so that the job counts the lead in the window and
      -- against the limit it was captured under, without reading the business again.
      SELECT lead."id", lead."businessId", lead."createdAt" AS "capturedAt",
             jsonb_build_object('isDemo', b."isDemo", 'subscriptionStatus', b."subscriptionStatus"::text, 'plan', b."plan"::text,
                                'trialEnd', ${utcText('b."trialEnd"')}, 'currentPeriodStart', ${utcText('b."currentPeriodStart"')},
                                'stripeCustomerId', b."stripeCustomerId", 'timeZone', b."timeZone") AS "business"
        FROM lead JOIN "Business" b ON b."id" = lead."businessId"
       WHERE NOT lead."isTest"
    ), quota_job AS (
      ${insertJobsSql(
        LEAD_QUOTA_QUEUE,
        Prisma.sql`counted`,
        Prisma.sql`jsonb_build_object('businessId', counted."businessId", 'leadId', counted."id", 'capturedAt', counted."capturedAt", 'business', counted."business")`,
        Prisma.sql`'lead.quota:' || counted."id"`,
        wake.mode,
      )}
    )
    SELECT lead.*, notification."id" AS "notificationId", notification."createdAt" AS "notificationAt"
      FROM lead LEFT JOIN notification ON true`);
  const row = rows[0];
  if (row) wake.committed(input.isTest ? [EVENT_QUEUE] : [EVENT_QUEUE, LEAD_QUOTA_QUEUE]);
  if (!row) {
    // The conversation's lead exists already (a concurrent capture, or a lost leadId): update it.
    const lead = await db.lead.update({ where: { conversationId: input.conversationId }, data, select: leadSummarySelect });
    return { kind: "updated", lead: toLeadSummary(lead), incomplete: scored.incomplete };
  }
  const lead: LeadSummary = toLeadSummary({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    score: Number(row.score),
    priority: row.priority,
    status: row.status,
    conversationId: row.conversationId,
    isTest: row.isTest,
    createdAt: asUtcDate(row.createdAt),
  });
  const notification: WorkspaceNotification | undefined =
    row.notificationId && row.notificationAt
      ? {
          id: row.notificationId,
          type: "new-lead",
          text: notificationText ?? "",
          leadId: lead.id,
          createdAt: asUtcDate(row.notificationAt).toISOString(),
        }
      : undefined;
  return { kind: "created", lead, ...(notification ? { notification } : {}) };
}

/**
 * A later turn of a chat whose lead exists: the lead's answers and score, and the turn's domain events
 * (`message.received`, `lead.scored`), in one statement instead of a Prisma update and a job insert
 * (issue 28, decision 0060). Null when the lead is gone (then nothing is written).
 */
async function updateLeadWithEvents(
  db: Db,
  leadId: string,
  businessId: string,
  data: ReturnType<typeof leadFields>["data"],
  now: Prisma.Sql,
  events: DomainEvent[],
  waker: JobWaker | undefined,
): Promise<LeadRow | null> {
  const wake = statementWake(db, waker);
  const jobs = JSON.stringify(events.map((event) => ({ data: event, key: eventKey(event) })));
  const rows = await queryPrepared<Omit<LeadRow, "createdAt"> & { createdAt: string }>(db, Prisma.sql`
    -- The lead by its primary key alone (as in the lead.quota job, lead-quota.server.ts): with its business
    -- beside the id, the prepared statement's plan could read every lead of the business by its index.
    WITH target AS MATERIALIZED (SELECT "id", "businessId" FROM "Lead" WHERE "id" = ${leadId}),
    lead AS (
      UPDATE "Lead" SET "name" = ${data.name}, "email" = ${data.email}, "phone" = ${data.phone}, "company" = ${data.company},
             "serviceType" = ${data.serviceType}, "buildingSizeSqFt" = ${data.buildingSizeSqFt}::int, "frequency" = ${data.frequency},
             "visitsPerMonth" = ${data.visitsPerMonth}::float8, "budgetMonthlyCents" = ${data.budgetMonthlyCents}::int,
             "marketPriceCents" = ${data.marketPriceCents}::int, "timeline" = ${data.timeline}, "timelineDays" = ${data.timelineDays}::int,
             "sizePoints" = ${data.sizePoints}::int, "frequencyPoints" = ${data.frequencyPoints}::int, "budgetPoints" = ${data.budgetPoints}::int,
             "timelinePoints" = ${data.timelinePoints}::int, "score" = ${data.score}::float8, "priority" = ${data.priority}::"LeadPriority",
             "incomplete" = ${data.incomplete}, "updatedAt" = ${now}
       WHERE "id" = (SELECT "id" FROM target WHERE "businessId" = ${businessId})
      RETURNING "id", "name", "email", "phone", "company", "score", "priority"::text AS "priority", "status"::text AS "status",
                "conversationId", "isTest", ${utcText('"createdAt"')} AS "createdAt"
    ), events AS (
      ${insertJobsSql(
        EVENT_QUEUE,
        Prisma.sql`lead CROSS JOIN jsonb_array_elements(${jobs}::jsonb) AS e(job)`,
        Prisma.sql`e.job->'data'`,
        Prisma.sql`e.job->>'key'`,
        wake.mode,
      )}
    )
    SELECT * FROM lead`);
  const row = rows[0];
  if (row && events.length > 0) wake.committed([EVENT_QUEUE]);
  return row ? { ...row, score: Number(row.score), createdAt: asUtcDate(row.createdAt) } : null;
}

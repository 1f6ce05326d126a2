// Chatbot statistics (spec §3 "Chatbot stats") and the Analytics tab's daily series, from real
// (non-test) conversations and their messages and leads. Scoped by the session's businessId.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { isoDateOf, localDateTime, startOfLocalDay } from "../shared/time/calendar.ts";

export type ChatbotStats = {
  conversations: number;
  /** Share of visitor messages the bot answered, in percent (null before any visitor message). */
  responseRate: number | null;
  /** Chatbot-captured, non-test leads with every qualification answer (not incomplete). */
  qualifiedLeads: number;
  /** Average seconds from a visitor message to the bot's next message (null without replies). */
  avgResponseTime: number | null;
  conversationsToday: number;
  topQuestions: { question: string; count: number }[];
};

export type DailyPoint = { date: string; conversations: number; qualifiedLeads: number };


export async function getChatbotStats(db: Db, businessId: string, timeZone: string, now = new Date()): Promise<ChatbotStats> {
  const today = startOfLocalDay(localDateTime(now, timeZone).dayNumber, timeZone);
  const realConversation = { businessId, isTest: false } as const;
  const [conversations, conversationsToday, qualifiedLeads, replies, questions] = await Promise.all([
    db.conversation.count({ where: realConversation }),
    db.conversation.count({ where: { ...realConversation, createdAt: { gte: today } } }),
    db.lead.count({ where: { businessId, isTest: false, source: "chatbot", incomplete: false } }),
    db.$queryRaw<{ visitor_messages: number; answered: number; avg_seconds: number | null }[]>(Prisma.sql`
      WITH v AS (
        SELECT m."createdAt" AS sent_at,
          (SELECT b."createdAt" FROM "Message" b
            WHERE b."conversationId" = m."conversationId" AND b.seq > m.seq AND b.role = 'bot'
            ORDER BY b.seq LIMIT 1) AS replied_at
        FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
        WHERE m."businessId" = ${businessId} AND c."isTest" = false AND m.role = 'visitor'
      )
      SELECT count(*)::int AS visitor_messages, count(replied_at)::int AS answered,
        avg(extract(epoch FROM (replied_at - sent_at)))::float8 AS avg_seconds
      FROM v`),
    db.$queryRaw<{ question: string; count: number }[]>(Prisma.sql`
      SELECT min(m.text) AS question, count(*)::int AS count
      FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
      WHERE m."businessId" = ${businessId} AND c."isTest" = false AND m.role = 'visitor' AND m.text LIKE '%?%'
      GROUP BY lower(regexp_replace(trim(m.text), '\\s+', ' ', 'g'))
      ORDER BY count(*) DESC, min(m.text) ASC
      LIMIT 5`),
  ]);
  const row = replies[0];
  const visitorMessages = Number(row?.visitor_messages ?? 0);
  const answered = Number(row?.answered ?? 0);
  return {
    conversations,
    responseRate: visitorMessages > 0 ? Math.round((answered / visitorMessages) * 1000) / 10 : null,
    qualifiedLeads,
    avgResponseTime: row?.avg_seconds == null ? null : Math.round(Number(row.avg_seconds) * 10) / 10,
    conversationsToday,
    topQuestions: questions.map((q) => ({ question: q.question, count: Number(q.count) })),
  };
}

/** Conversations and qualified leads per local day over the last `days` days (today included). */
export async function getChatbotDailySeries(
  db: Db,
  businessId: string,
  timeZone: string,
  days = 30,
  now = new Date(),
): Promise<DailyPoint[]> {
  const todayNumber = localDateTime(now, timeZone).dayNumber;
  const firstDay = todayNumber - days + 1;
  const since = startOfLocalDay(firstDay, timeZone);
  const [conversations, leads] = await Promise.all([
    db.conversation.findMany({ where: { businessId, isTest: false, createdAt: { gte: since } }, select: { createdAt: true } }),
    db.lead.findMany({
      where: { businessId, isTest: false, source: "chatbot", incomplete: false, createdAt: { gte: since } },
      select: { createdAt: true },
    }),
  ]);
  const points: DailyPoint[] = [];
  for (let day = firstDay; day <= todayNumber; day += 1) points.push({ date: isoDateOf(day), conversations: 0, qualifiedLeads: 0 });
  const indexOf = (at: Date) => localDateTime(at, timeZone).dayNumber - firstDay;
  for (const c of conversations) {
    const point = points[indexOf(c.createdAt)];
    if (point) point.conversations += 1;
  }
  for (const l of leads) {
    const point = points[indexOf(l.createdAt)];
    if (point) point.qualifiedLeads += 1;
  }
  return points;
}

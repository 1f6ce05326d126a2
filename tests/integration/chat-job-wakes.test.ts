// @postgres: NOTIFY's commit lock is PostgreSQL's; the same paths run on PGlite.
// The chat's statements write their jobs (lead.created, message.received, lead.scored,
// conversation.ended) without a NOTIFY (decision 0100): on PostgreSQL every transaction that notifies
// takes one database-wide lock at commit and holds it until its commit is flushed, so the chat turns of
// every business waited for each other. This process's dispatcher is told directly once a statement
// returned. The fallback poll is set far off, so the jobs below ran because of that wake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { until } from "../support/until.ts";
import { registerOwner } from "./billing-support.ts";
import { JOB_NOTIFY_CHANNEL } from "#server/jobs/queue/dispatcher.server.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import { EVENT_QUEUE } from "#server/jobs/queue/queues.ts";

let server: TestServer;
let siteKey: string;
const payloads: string[] = [];
let unlisten: (() => Promise<void>) | undefined;
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false, jobsFallbackPollSeconds: 600 });
  const owner = await registerOwner(server, "Quiet Commit Cleaning");
  siteKey = (await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } })).siteKey;
  unlisten = await server.database.sql.listen!(JOB_NOTIFY_CHANNEL, (payload) => payloads.push(payload ?? ""));
}, 120_000);

afterAll(async () => {
  await unlisten?.();
  for (const v of visitors) v.disconnect();
  await server?.close();
});

describe("the chat's jobs", () => {
  it("are written without a NOTIFY and run at once by this process", { timeout: 120_000 }, async () => {
    const visitor = new Visitor(server.url, { siteKey });
    visitors.push(visitor);
    await visitor.connect();
    const opened = await visitor.open({ pageUrl: "https://quiet-commit.example/quote" });
    if (!opened.ok) throw new Error(opened.error);
    // The contact details come first: the lead exists from the first answer, and each later turn writes
    // its events with the lead's update.
    for (const answer of [
      "office cleaning for about 30,000 sq ft, reach me at quinn@quiet-commit.example",
      "Daily",
      "$5,000–$10,000",
      "Immediately",
      "Quinn Quist",
      "Quiet Commit Towers",
      "617-555-0144",
    ]) {
      await visitor.say(answer);
    }
    await server.app.chat.idle();
    const types = async () =>
      (
        await server.database.sql.query<{ type: string; state: string }>(
          `SELECT data->>'type' AS type, state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'businessId' IS NOT NULL`,
          [EVENT_QUEUE],
        )
      ).filter((job) => job.type);
    const written = await types();
    expect(new Set(written.map((job) => job.type))).toEqual(new Set(["lead.created", "message.received", "lead.scored", "conversation.ended"]));
    // Run because this process's dispatcher was told (the fallback poll is ten minutes off).
    await until(types, (jobs) => jobs.every((job) => job.state === "completed"), 60_000);
    // Notifications arrive in commit order: once this later one has arrived, any the chat's statements had
    // sent had arrived before it.
    await server.database.sql.query(`SELECT pg_notify($1, 'marker')`, [JOB_NOTIFY_CHANNEL]);
    await until(async () => payloads, (list) => list.includes("marker"));
    expect(payloads.filter((payload) => payload.split(",").includes(EVENT_QUEUE))).toEqual([]);
  });
});

// The job runner alone on a PGlite data directory, as the server runs it (server/jobs): a child process
// of tests/bench/job-runner.ts, which kills it with SIGKILL mid-batch. `enqueue N prefix` writes N
// e-mail jobs in one transaction and exits; `run` starts the mail workers (SMTP to SMTP_URL) and runs
// until killed or told to stop over IPC. Each job carries a real templated e-mail (HTML + text), rendered
// once when it is written, as the product does; the delivery path does no rendering.
import { openDatabase } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { createJobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { enqueueMail, mailJobHandler } from "#server/mail/mail-jobs.server.ts";
import { createMailer } from "#server/mail/mailer.server.ts";
import { renderEmail } from "#server/mail/templates/render-email.tsx";
import { leadAlertEmail } from "#server/mail/templates/templates.ts";

const [mode, countArg, prefix = "bench"] = process.argv.slice(2);
const dataDir = process.env.BENCH_DATA_DIR!;
const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };

const database = await openDatabase({ dataDir });
await migrate(database.sql, await loadMigrations());
const jobs = await createJobQueue({ sql: database.sql, logger: quiet, soleProcess: true });

if (mode === "enqueue") {
  const count = Number(countArg);
  const brand = { name: "Bench Cleaning Co", logoUrl: "https://app.bench.example/uploads/logos/logo.png" };
  const rendered: Awaited<ReturnType<typeof renderEmail>>[] = [];
  for (let i = 0; i < count; i++) {
    const content = leadAlertEmail({ brand, headline: `${prefix} ${i}`, score: 8.4, contact: `r${i % 100}@bench.example`, leadUrl: `https://app.bench.example/app/leads/${i}` });
    rendered.push(await renderEmail(content));
  }
  await database.prisma.$transaction(async (tx) => {
    await enqueueMail(
      jobs,
      tx,
      rendered.map((message, i) => ({ key: `${prefix}:${i}`, mail: { kind: "bench", message: { to: `r${i % 100}@bench.example`, ...message } } })),
    );
  }, { timeout: 300_000 }); // thousands of jobs in one transaction: the setup, not what is measured
  await jobs.stop();
  await database.close();
  process.send?.({ type: "enqueued", count });
  process.exit(0);
}

const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: "LeadBroom <no-reply@leadbroom.test>", outboxDir: "/nonexistent", logger: quiet });
await jobs.start([mailJobHandler({ db: database.prisma, mailer, mailFrom: "LeadBroom <no-reply@leadbroom.test>" }) as never]);
process.send?.({ type: "running" });
process.on("message", async (msg: { type?: string }) => {
  if (msg.type !== "stop") return;
  await jobs.stop();
  mailer.close();
  await database.close();
  process.exit(0);
});

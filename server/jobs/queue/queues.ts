// The job queues of the process (DESIGN §10): names and retry policy, fixed here so that every queue
// exists before anything is enqueued (pg-boss drops a job whose queue does not exist) and so that SQL
// that enqueues from inside a statement (job-sql.server.ts) and the workers agree.

export type QueueSpec = {
  name: string;
  /** Attempts after the first, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A running job not finished after this long counts as failed and is retried. */
  expireInSeconds: number;
  /** Jobs fetched per poll; they run concurrently. */
  batchSize: number;
  /**
   * Workers polling this queue in each process: a batch runs as long as its slowest job, so several
   * workers keep the next batches going meanwhile (the mail queue: ~2x the throughput of one worker,
   * tests/bench/job-runner.ts).
   */
  workers: number;
};

export const MAIL_QUEUE = "mail.send";
export const EVENT_QUEUE = "domain.event";
export const OVERAGE_QUEUE = "stripe.overage";
/** A chatbot lead counted against its business's plan, written by the capture (server/billing/lead-quota.server.ts, decision 0103). */
export const LEAD_QUOTA_QUEUE = "lead.quota";
export const PASSWORD_RESET_QUEUE = "password-reset.send";
export const INVITE_EMAIL_QUEUE = "invite.send";
/** A demo sandbox's deletion, due 24 hours after it was made (server/demo/sandbox.server.ts). */
export const SANDBOX_DELETE_QUEUE = "sandbox.delete";
/** Ticks of the schedules (server/jobs/schedules.server.ts). */
export const DAILY_SUMMARY_TICK = "daily-summary.tick";
export const TRIAL_ENDING_TICK = "trial-ending.tick";
export const REMINDER_DUE_TICK = "reminder-due.tick";
export const RESPONSE_ROLLUP_TICK = "response-rollup.tick";
export const SANDBOX_SWEEP_TICK = "sandbox-sweep.tick";
/** Hourly VACUUM (ANALYZE) of the busiest tables on PGlite, which has no autovacuum (server/jobs/db-maintenance.server.ts). */
export const DB_MAINTENANCE_TICK = "db-maintenance.tick";
/** Hands a live-takeover chat back to the bot after 10 minutes of member silence (server/chat/takeover-store.server.ts). */
export const TAKEOVER_IDLE_QUEUE = "takeover.idle";
/** A billing change an owner waits for (subscribe, add a card, the portal): server/billing/jobs/. */
export const BILLING_OPERATION_QUEUE = "billing.operation";
/** The copy of a business's Stripe cards and invoices (server/billing/mirror.server.ts). */
export const BILLING_REFRESH_QUEUE = "billing.refresh";
/** Automations (server/automations/runs.server.ts): a run's start, each step (delayed), no-response checks, cancels. */
export const AUTOMATION_QUEUE = "automation.step";
/** One outgoing webhook delivery (server/webhooks/deliveries.server.ts). */
export const WEBHOOK_QUEUE = "webhook.deliver";
/** One cold-outreach e-mail step falling due (server/outreach/campaigns.server.ts). */
export const OUTREACH_SEND_QUEUE = "outreach.send";
/** Every minute: the analytics roll-ups' and impressions' appended deltas folded into their day rows (server/analytics/analytics-fold.server.ts). */
export const ANALYTICS_FOLD_TICK = "analytics-fold.tick";
/** A demo sandbox seeded ahead, for the next press of the demo button (server/demo/sandbox.server.ts). */
export const SANDBOX_PREPARE_QUEUE = "sandbox.prepare";
/** A sandbox made while the visitor waited gets its year of history here, just after (server/demo/sandbox.server.ts). */
export const SANDBOX_HISTORY_QUEUE = "sandbox.history";

/** One Web Push to one member's device (server/push/send-push.server.ts). */
export const PUSH_QUEUE = "push.send";
/** A visitor wrote in a chat a member joined: a minute later, rings the member's devices if still unanswered (server/push/). */
export const PUSH_WAITING_QUEUE = "push.waiting";

/** Finishes chat turns a crash left unfinished: at start-up and every minute (server/chat/turn-recovery.server.ts). */
export const CHAT_RECOVERY_QUEUE = "chat-recovery.run";
/** An appointment's confirmation / change / cancel e-mails with their .ics (server/appointments/appointment-mail.server.ts). */
export const APPOINTMENT_MAIL_QUEUE = "appointment.mail";
/** An appointment's reminder 24 h or 1 h before (delayed; does nothing once the appointment changed). */
export const APPOINTMENT_REMINDER_QUEUE = "appointment.reminder";

/** One outgoing SMS (server/sms/outbound.server.ts). */
export const SMS_SEND_QUEUE = "sms.send";
/** One incoming SMS, after the webhook stored it (server/sms/inbound.server.ts). */
export const SMS_INBOUND_QUEUE = "sms.inbound";
/** A call to a business's number that nobody answered: the text-back and the lead (server/sms/voice.server.ts). */
export const MISSED_CALL_QUEUE = "voice.missed-call";

/** Nightly on PGlite: a backup into DATA_DIR/backups and the retention of old ones (server/backup/, decision 0073). */
export const BACKUP_NIGHTLY_TICK = "backup-nightly.tick";
/** A whole-business export's zip (server/privacy/export.server.ts). */
export const PRIVACY_EXPORT_QUEUE = "privacy.export";
/** Hourly: transcript retention, business deletions past their grace, expired export files (server/privacy/privacy-jobs.server.ts). */
export const PRIVACY_TICK = "privacy.tick";

export const QUEUES: readonly QueueSpec[] = [
  // With a 10 s base doubling, the ninth and last attempt is about 85 minutes after the first.
  { name: MAIL_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 25, workers: 4 },
  // A domain event fans out to its subscribers' jobs: cheap, retried quickly.
  { name: EVENT_QUEUE, retryLimit: 10, retryDelaySeconds: 2, expireInSeconds: 60, batchSize: 50, workers: 1 },
  // Like mail.send, for the reset e-mail whose link is minted when it is sent.
  { name: PASSWORD_RESET_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 10, workers: 1 },
  { name: INVITE_EMAIL_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 10, workers: 1 },
  // A meter event per overage lead; Stripe deduplicates by the lead's identifier.
  { name: OVERAGE_QUEUE, retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 60, batchSize: 20, workers: 1 },
  // One short statement per lead; a second run counts nothing (LeadUsageEntry). Retried quickly: until it
  // runs, the workspace's usage figure and the overage flag lag the capture.
  { name: LEAD_QUOTA_QUEUE, retryLimit: 10, retryDelaySeconds: 2, expireInSeconds: 60, batchSize: 20, workers: 1 },
  { name: SANDBOX_DELETE_QUEUE, retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 120, batchSize: 5, workers: 1 },
  // A tick looks for what is due and enqueues it; a missed tick is made up by the next one.
  { name: DAILY_SUMMARY_TICK, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, batchSize: 1, workers: 1 },
  { name: TRIAL_ENDING_TICK, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, batchSize: 1, workers: 1 },
  { name: REMINDER_DUE_TICK, retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 1, workers: 1 },
  { name: RESPONSE_ROLLUP_TICK, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 900, batchSize: 1, workers: 1 },
  { name: SANDBOX_SWEEP_TICK, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 900, batchSize: 1, workers: 1 },
  { name: TAKEOVER_IDLE_QUEUE, retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 60, batchSize: 10, workers: 1 },
  // The owner is waiting on the page: retried quickly (2, 4, 8 s), then failed with a clear text.
  { name: BILLING_OPERATION_QUEUE, retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 90, batchSize: 5, workers: 2 },
  { name: BILLING_REFRESH_QUEUE, retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 90, batchSize: 5, workers: 1 },
  // Like mail.send (a step may be an e-mail, sent through deliverOnce with the same last attempt).
  { name: AUTOMATION_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 20, workers: 2 },
  // A 30 s base doubling: the ninth and last attempt is about 4 hours after the first (10 s deadline each).
  // One job per fetch and six workers: a batch would wait for its slowest receiver, and one business
  // holds at most 3 deliveries in flight (DELIVERY_SLOTS), so the others' go on at once (issue 27).
  { name: WEBHOOK_QUEUE, retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 60, batchSize: 1, workers: 6 },
  // Checks the prospect, writes the e-mail's mail.send job and the next follow-up, in one transaction.
  { name: OUTREACH_SEND_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 20, workers: 1 },
  { name: DB_MAINTENANCE_TICK, retryLimit: 1, retryDelaySeconds: 300, expireInSeconds: 900, batchSize: 1, workers: 1 },
  // A missed run is made up by the next minute's; a claimed conversation is claimable again once stale.
  { name: CHAT_RECOVERY_QUEUE, retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 600, batchSize: 1, workers: 1 },
  // A missed fold only leaves more deltas for the next one (the figures are exact either way).
  { name: ANALYTICS_FOLD_TICK, retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300, batchSize: 1, workers: 1 },
  // One at a time; a failed one is only a slower next press (the button then seeds while it waits).
  { name: SANDBOX_PREPARE_QUEUE, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, batchSize: 1, workers: 1 },
  // The owner is already looking at the sandbox: quick retries; one transaction, so a retry starts clean.
  { name: SANDBOX_HISTORY_QUEUE, retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, batchSize: 1, workers: 1 },
  // SMS (decision 0068): like mail.send, Twilio deduplicates a retried send by its idempotency token.
  { name: SMS_SEND_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 20, workers: 2 },
  // An incoming SMS runs a chat turn (which may call the AI model): quick retries, one conversation's texts in order.
  { name: SMS_INBOUND_QUEUE, retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 180, batchSize: 1, workers: 1 },
  { name: MISSED_CALL_QUEUE, retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 10, workers: 1 },
  // Render an appointment's e-mails and hand them to mail.send: cheap, retried like the event queue.
  { name: APPOINTMENT_MAIL_QUEUE, retryLimit: 8, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 10, workers: 1 },
  { name: APPOINTMENT_REMINDER_QUEUE, retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 120, batchSize: 10, workers: 1 },
  // A push is worth minutes (a hot lead): retried soon, given up after about 5 minutes (it would be stale).
  { name: PUSH_QUEUE, retryLimit: 4, retryDelaySeconds: 10, expireInSeconds: 60, batchSize: 10, workers: 2 },
  // A failed night is tried again twice, 10 and 20 minutes later; a backup of a big database may take a while.
  { name: BACKUP_NIGHTLY_TICK, retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 3_600, batchSize: 1, workers: 1 },
  // Reads the chat and writes its push.send jobs: cheap; a late check is a stale push, so few retries.
  { name: PUSH_WAITING_QUEUE, retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 60, batchSize: 10, workers: 1 },
  // An export reads the whole business: one at a time, up to 15 minutes, retried twice then shown as failed.
  { name: PRIVACY_EXPORT_QUEUE, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 900, batchSize: 1, workers: 1 },
  { name: PRIVACY_TICK, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 900, batchSize: 1, workers: 1 },
];

export function queueSpec(name: string): QueueSpec {
  const spec = QUEUES.find((q) => q.name === name);
  if (!spec) throw new Error(`no job queue named "${name}" (server/jobs/queue/queues.ts)`);
  return spec;
}

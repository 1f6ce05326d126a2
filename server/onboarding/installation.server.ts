// The checklist's stored facts, each written once where it happens: the widget's first load on a
// website other than the app (its config request, or the /widget handshake of an older loader), the first conversation opened on the Test
// Chatbot page, and the snippet copied or e-mailed to the web person. Each is a single conditional
// UPDATE (… WHERE the fact IS NULL): the first writer wins and learns it did (to push the news live),
// later ones change nothing; the handshake only calls it while the chatbot row it read says "not yet".
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { widgetSnippet } from "../chatbots/chatbots.server.ts";
import { validateInstallInstructions } from "../shared/onboarding/install-instructions.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, installInstructionsEmail } from "../mail/templates/templates.ts";
import { unsubscribeUrl, type UnsubscribeSigner } from "../mail/unsubscribe.server.ts";

/** True when this call recorded the installation (the first connection from `origin`). */
export async function recordInstallation(db: Db, args: { chatbotId: string; origin: string; now?: Date }): Promise<boolean> {
  const { count } = await db.chatbot.updateMany({
    where: { id: args.chatbotId, installedAt: null },
    data: { installedAt: args.now ?? new Date(), installedOrigin: args.origin },
  });
  return count === 1;
}

/**
 * Records the installation in the background (a widget request is never held up by it) and calls
 * `onFirst` when this was the first one; a failure is only logged (a later load records it).
 */
export function noteInstallation(
  deps: { db: Db; logger: { warn(message: string): void }; onFirst?: (businessId: string, origin: string) => void },
  seen: { chatbotId: string; businessId: string; origin: string },
): void {
  recordInstallation(deps.db, { chatbotId: seen.chatbotId, origin: seen.origin })
    .then((first) => {
      if (first) deps.onFirst?.(seen.businessId, seen.origin);
    })
    .catch((error: unknown) => deps.logger.warn(`[widget] recording the installation of chatbot ${seen.chatbotId} failed: ${String(error)}`));
}

/** True when this call recorded the first test conversation of the chatbot. */
export async function recordTested(db: Db, args: { chatbotId: string; now?: Date }): Promise<boolean> {
  const { count } = await db.chatbot.updateMany({ where: { id: args.chatbotId, testedAt: null }, data: { testedAt: args.now ?? new Date() } });
  return count === 1;
}

/** The owner copied the snippet (Installation tab, the checklist). Scoped by the session's business. */
export async function recordSnippetShared(db: Pick<Db, "chatbot">, businessId: string, now = new Date()): Promise<void> {
  await db.chatbot.updateMany({ where: { businessId, snippetSharedAt: null }, data: { snippetSharedAt: now } });
}

export type InstructionsResult = { ok: true; to: string } | { ok: false; status: 400 | 404; error: string; fields?: { to?: string; note?: string } };

/**
 * E-mails the installation instructions (the snippet, where it goes, how to check it) to the person who
 * runs the website: a `mail.send` job written in the transaction that records the snippet as shared.
 */
export async function emailInstallInstructions(
  deps: { db: Db; jobs: JobQueue; appUrl: string; unsubscribe: UnsubscribeSigner },
  args: { businessId: string; senderName: string; input: unknown },
): Promise<InstructionsResult> {
  const checked = validateInstallInstructions(args.input);
  if (!checked.ok) return { ok: false, status: 400, error: checked.error, fields: checked.fields };
  const chatbot = await deps.db.chatbot.findFirst({
    where: { businessId: args.businessId },
    orderBy: { createdAt: "asc" },
    select: { id: true, siteKey: true, allowedOrigins: true, business: { select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, emailReplyTo: true, email: true } } },
  });
  if (!chatbot) return { ok: false, status: 404, error: "This business has no chatbot." };
  // To someone outside the business's account: with a signed unsubscribe link, like e-mails to leads.
  const unsubscribe = unsubscribeUrl(deps.unsubscribe, { businessId: args.businessId, email: checked.value.to });
  const email = await renderEmail(
    installInstructionsEmail({
      brand: businessBrand(chatbot.business, deps.appUrl),
      senderName: args.senderName,
      snippet: widgetSnippet(deps.appUrl, chatbot.siteKey),
      allowedOrigins: chatbot.allowedOrigins,
      note: checked.value.note,
      unsubscribeUrl: unsubscribe,
    }),
  );
  const replyTo = chatbot.business.emailReplyTo ?? chatbot.business.email;
  await deps.db.$transaction(async (tx) => {
    await recordSnippetShared(tx, args.businessId);
    await enqueueMail(deps.jobs, tx, [
      {
        key: `install-instructions:${chatbot.id}:${randomUUID()}`,
        mail: {
          businessId: args.businessId,
          kind: "install-instructions",
          unsubscribeUrl: unsubscribe,
          message: { to: checked.value.to, ...email, fromName: chatbot.business.name, ...(replyTo ? { replyTo } : {}) },
        },
      },
    ]);
  });
  return { ok: true, to: checked.value.to };
}

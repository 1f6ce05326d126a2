// The conversation commands (issue 30 item 1, decisions 0086 and 0088): every way a conversation ends and
// every way a message is stored, each with its consequences listed once, here.
//
// A conversation ends in two ways:
//
//   1. Its qualification completes (the visitor answered or skipped the last question, on the web, by
//      SMS or with the AI): one `conversation.ended` domain event (outgoing webhooks, DESIGN §15), written
//      by the very statement that stores the bot's last replies (`storeBotTurn` / `storeWholeTurn` of
//      turn-store.server.ts with `ended`, the chat's hot path: decisions 0007, 0079), never for a test
//      conversation. Its live push is the replies themselves. The chat service is its one caller.
//   2. A team member's live takeover ends, handing the chat back to the bot: `endTakeover(ctx, input)`,
//      for both entry points, the member's Leave (the `conversation:leave` socket event) and 10 minutes
//      of their silence (the `takeover.idle` job). In one transaction: the conversation row freed and
//      the "… left the chat" system message with the next seq (or, for a member who was active since,
//      the next idle check). After the commit: the message pushed to the visitor and to the team's live
//      views, one `conversation:agent` push saying nobody has joined, the visitor's typing indicator
//      cleared, and the bot answers what the visitor wrote meanwhile.
//
// No path closes a conversation's status (`closed` is read, never written); a visitor who leaves half
// way ends nothing here: their lead's score becomes final after QUALIFICATION_IDLE_MS (the automation
// settle job, server/automations/runs.server.ts, which starts runs with startAutomationRun).
//
// A message is stored in two ways:
//
//   1. The visitor's message: the chat's hot path (issue 28), kept in its statements and not
//      restructured here. Its command is one statement of turn-store.server.ts: `storeVisitorMessage`
//      (ownership, open and active checks, dedupe on clientMessageId, the next seq, the row), or, on the
//      one-statement turn (decision 0079), `storeWholeTurn`, which stores the bot's replies and state with
//      it. After it, the chat service (`send`, its one caller) pushes the message to the conversation's
//      room (the visitor's other tabs; the sending tab has it in its ack) and to the team's live views
//      (unless the business's lead details are hidden, decision 0010); with a member joined it writes
//      their waiting check (`push.waiting`, rings their devices a minute later if still unanswered) and
//      the bot stays silent; otherwise the bot answers. Its `message.received` domain event is written
//      with the turn's lead update, once the conversation has a lead.
//   2. A joined member's message: `sendAgentMessage(ctx, input)`, the takeover's `agent:message:send`.
//      One statement (decision 0045): the conversation still joined by this member, its seq moved on and
//      `agentActiveAt` set (the conversation's one idle check, written at the join, re-reads it: decision
//      0043, so no job per message), the message stored once per clientMessageId and, when the chat has
//      a lead, the `lead.team_replied` domain event (the lead's pending automation steps stop). After it:
//      the message pushed to the visitor and to the team's live views, then, when the business can text,
//      the job that texts it if the person's last message came by SMS (decision 0077). A resend stores
//      and pushes nothing.
import { runCommand, runStatementCommand, type CommandContext, type LiveSink } from "../events/command-context.server.ts";
import type { JobRequest } from "../jobs/queue/job-queue.server.ts";
import type { Message } from "../realtime/protocol.ts";
import {
  idleLeaveIn,
  leaveConversationIn,
  storeAgentMessage,
  type Agent,
  type AgentSendResult,
  type LeaveResult,
  type TakeoverJob,
} from "./takeover-store.server.ts";

/** What the conversation commands push live, and the bot taking the chat back. */
export type ConversationLiveSink = {
  /** A message of the conversation, to the visitor and to the team's live views. */
  conversationMessage(businessId: string, message: Message): void;
  /** Who has joined the conversation now (null: nobody, the bot answers). */
  conversationAgent(businessId: string, conversationId: string, agent: Agent | null): void;
  /** The visitor's typing indicator for the conversation. */
  visitorTyping(conversationId: string, typing: boolean): void;
  /** The bot answers what waited in the conversation (the chat service's resume). */
  botResumes(conversationId: string): Promise<void>;
};

/**
 * Two-way SMS's part of a member's message (decision 0077), given by the composition: server/sms builds on
 * the chat, so the chat does not import it.
 */
export type AgentReplyTexting = {
  /** Whether the business can text at all (cached); when it cannot, nothing more is written. */
  canText(businessId: string): Promise<boolean>;
  /** The job that texts the stored message when the person's last message came by SMS. */
  replyJob(message: { businessId: string; conversationId: string; messageId: string }): JobRequest;
};

export type ConversationCommandContext = CommandContext & { live: LiveSink & ConversationLiveSink; texting: AgentReplyTexting };

/** Who ends the takeover: the joined member (of this business), or the idle job. */
export type TakeoverEnd = { by: "member"; businessId: string; userId: string } | { by: "idle"; job: TakeoverJob };

/** Ends a live takeover and hands the chat back to the bot (see the top of this module). */
export async function endTakeover(ctx: ConversationCommandContext, input: { conversationId: string } & TakeoverEnd): Promise<LeaveResult> {
  const now = ctx.clock();
  return runCommand(ctx, "conversations", async (tx, after) => {
    const result =
      input.by === "member"
        ? await leaveConversationIn(tx, { businessId: input.businessId, conversationId: input.conversationId, userId: input.userId, now })
        : await idleLeaveIn(ctx.jobs, tx, input.job, now);
    if (result.kind !== "left") return result;
    const { message, businessId } = result;
    after(() => {
      ctx.live.conversationMessage(businessId, message);
      ctx.live.conversationAgent(businessId, input.conversationId, null);
      ctx.live.visitorTyping(input.conversationId, false);
    });
    after(() => ctx.live.botResumes(input.conversationId));
    return result;
  });
}

/** A joined member's message (see the top of this module): stored once, then pushed and, by SMS, texted. */
export async function sendAgentMessage(
  ctx: ConversationCommandContext,
  input: { businessId: string; conversationId: string; agent: Agent; clientMessageId: string; text: string },
): Promise<AgentSendResult> {
  return runStatementCommand(ctx, "conversations", async (db, after) => {
    const result = await storeAgentMessage({ db, jobs: ctx.jobs }, { ...input, now: ctx.clock() });
    if (result.kind !== "stored") return result;
    const { message } = result;
    after(() => ctx.live.conversationMessage(input.businessId, message));
    after(async () => {
      if (!(await ctx.texting.canText(input.businessId))) return;
      const job = ctx.texting.replyJob({ businessId: input.businessId, conversationId: message.conversationId, messageId: message.id });
      try {
        await ctx.jobs.enqueue(ctx.db, [job]);
        ctx.jobs.wake(job.name);
      } catch (error) {
        // The message is stored and shown; only its SMS copy is lost (decision 0068's consequence).
        ctx.logger.error(`[sms] queueing the SMS of message ${message.id} failed`, error);
      }
    });
    return result;
  });
}

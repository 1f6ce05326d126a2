// The conversation-end commands (issue 30 item 1, decision 0086). A conversation ends in two ways, each
// with its consequences listed once, here:
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
import { runCommand, type CommandContext, type LiveSink } from "../events/command-context.server.ts";
import type { Message } from "../realtime/protocol.ts";
import { idleLeaveIn, leaveConversationIn, type Agent, type LeaveResult, type TakeoverJob } from "./takeover-store.server.ts";

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

export type ConversationCommandContext = CommandContext & { live: LiveSink & ConversationLiveSink };

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

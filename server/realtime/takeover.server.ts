// Live takeover over /workspace (DESIGN §14): the client events `presence:list`, `conversation:join`,
// `conversation:leave`, `agent:message:send` and `agent:typing`, each validated and acked
// `{ ok: true, … }` or `{ ok: false, error }` (TakeoverErrorCode). Who has joined is kept on the
// conversation row (server/chat/takeover-store.server.ts), so every instance agrees; messages reach the
// visitor through the /widget conversation room and the team through the business room, on every
// instance when the Redis adapter is on. Presence is read from the /widget sockets themselves.
import type { Socket } from "socket.io";
import { z } from "zod";
import type { ChatService } from "../chat/chat-service.server.ts";
import { visitorFacingName } from "../shared/auth/person-name.ts";
import { initialsOf, messageSelect, toMessage } from "../chat/conversations.server.ts";
import { agentReplyJob, smsLiveConversations } from "../sms/workspace-sms.server.ts";
import type { SmsAvailability } from "../sms/availability.server.ts";
import { conversationAgent, joinConversation, type TakeoverJob } from "../chat/takeover-store.server.ts";
import { endTakeover, sendAgentMessage } from "../chat/commands.server.ts";
import { commandContext, type LiveSink } from "../events/command-context.server.ts";
import { getWorkspace, type Workspace } from "../businesses/workspace.server.ts";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import type { Logger } from "../shared/logger.ts";
import { businessRoom, type LiveVisitor, type Message, type TakeoverAck, type TakeoverErrorCode } from "./protocol.ts";
import { checkMessageText } from "../chatbots/widget-payloads.ts";
import type { WidgetLimiter } from "./rate-limits.server.ts";
import { storableString } from "../shared/forms/storable-text.ts";
import { conversationRoom, visitorsRoom, type WidgetNamespace } from "./widget-namespace.server.ts";
import type { WorkspaceNamespace } from "./workspace-namespace.server.ts";

const conversationId = storableString().min(1).max(64);
const schemas = {
  list: z.object({}).strict(),
  join: z.object({ conversationId, takeOver: z.boolean().optional() }).strict(),
  leave: z.object({ conversationId }).strict(),
  send: z
    .object({ conversationId, clientMessageId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), text: z.string() })
    .strict(),
  typing: z.object({ conversationId, typing: z.boolean() }).strict(),
};

type Ack<T> = (result: TakeoverAck<T>) => void;
const fail = (error: TakeoverErrorCode) => ({ ok: false as const, error });

export type Takeover = ReturnType<typeof createTakeover>;

export function createTakeover(deps: {
  db: Db;
  jobs: JobQueue;
  chat: ChatService;
  logger: Logger;
  workspace: () => WorkspaceNamespace;
  widget: () => WidgetNamespace;
  /** Agent messages per member (issue 27: 1,500 in 12 s once went through). */
  limiter: Pick<WidgetLimiter, "allowAgentMessage">;
  /** Whether the business can text (two-way SMS, cached): without it, no SMS statement runs here. */
  sms?: SmsAvailability;
  /** The lead pushes of the command context (the takeover's own pushes are made here). */
  leads: LiveSink;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  /** A message in the conversation, to the visitor and to the team's live views. */
  function broadcast(businessId: string, message: Message) {
    deps.widget().to(conversationRoom(message.conversationId)).emit("message", message);
    deps.workspace().to(businessRoom(businessId)).emit("conversation:message", { message });
  }

  function announceAgent(businessId: string, conversationId: string, agent: { userId: string; name: string } | null) {
    deps.workspace()
      .to(businessRoom(businessId))
      .emit("conversation:agent", { conversationId, agent: agent ? { ...agent, initials: initialsOf(agent.name) } : null });
  }

  // The conversation commands' context (server/chat/commands.server.ts): their pushes go out from here.
  const ctx = {
    ...commandContext(deps, {
      ...deps.leads,
      conversationMessage: broadcast,
      conversationAgent: announceAgent,
      visitorTyping: (conversationId: string, typing: boolean) => deps.widget().to(conversationRoom(conversationId)).emit("typing", { conversationId, typing }),
      botResumes: (conversationId: string) => deps.chat.resume(conversationId),
    }, clock),
    // Two-way SMS (decision 0077): a business that cannot text (the cached flag) writes nothing more.
    texting: { canText: async (businessId: string) => (await deps.sms?.canText(businessId)) !== false, replyJob: agentReplyJob },
  };

  /** The visitors connected now (every instance), with their stored conversations' live facts. */
  async function listVisitors(businessId: string): Promise<LiveVisitor[]> {
    const sockets = await deps.widget().in(visitorsRoom(businessId)).fetchSockets();
    const byVisitor = new Map<string, { conversationId: string | null; pageUrl: string | null; isTest: boolean }>();
    for (const s of sockets) {
      const data = s.data;
      if (data.businessId !== businessId) continue;
      const current = byVisitor.get(data.visitorId);
      if (!current || (!current.conversationId && data.conversationId)) {
        byVisitor.set(data.visitorId, { conversationId: data.conversationId ?? null, pageUrl: data.pageUrl ?? null, isTest: data.fromAppOrigin });
      }
    }
    const ids = [...byVisitor.values()].map((v) => v.conversationId).filter((id): id is string => Boolean(id));
    const rows = ids.length
      ? await deps.db.conversation.findMany({
          where: { id: { in: ids }, businessId, status: "open" },
          select: {
            id: true,
            pageUrl: true,
            isTest: true,
            agentName: true,
            lead: { select: { score: true } },
            messages: { orderBy: { seq: "desc" }, take: 1, select: { role: true, text: true, createdAt: true } },
          },
        })
      : [];
    const stored = new Map(rows.map((r) => [r.id, r]));
    // Two-way SMS: conversations going on by text are live chats too.
    const texting = (await deps.sms?.canText(businessId)) === false ? [] : await smsLiveConversations(deps.db, { businessId, except: new Set(ids), now: clock() });
    return [...byVisitor.entries()]
      .map(([visitorId, v]): LiveVisitor => {
        const row = v.conversationId ? stored.get(v.conversationId) : undefined;
        const last = row?.messages[0];
        return {
          visitorId,
          // A draft (nobody wrote yet) cannot be joined: the visitor is browsing, not chatting.
          conversationId: row ? row.id : null,
          pageUrl: row?.pageUrl ?? v.pageUrl,
          score: row?.lead?.score ?? null,
          lastMessage: last ? { role: last.role, text: last.text, createdAt: last.createdAt.toISOString() } : null,
          agent: row?.agentName ? { name: row.agentName, initials: initialsOf(row.agentName) } : null,
          isTest: row?.isTest ?? v.isTest,
        };
      })
      .concat(texting)
      .sort((a, b) => (b.lastMessage?.createdAt ?? "").localeCompare(a.lastMessage?.createdAt ?? ""));
  }

  /** The member as of now (role changes and removal count at once); null when they cannot take chats. */
  async function member(socket: Socket): Promise<{ ok: true; workspace: Workspace } | { ok: false; error: TakeoverErrorCode }> {
    const data = socket.data as { userId: string; businessId: string };
    const workspace = await getWorkspace(deps.db, data.userId, clock());
    if (!workspace || workspace.business.id !== data.businessId) return fail("not_found");
    // Owners and support members take chats; an expired trial cannot (decision 0010 hides what visitors write).
    if (!workspace.subscribed) return fail("forbidden");
    return { ok: true, workspace };
  }

  /** Runs a handler with its payload validated and its failures acked as `server_error`. */
  function on<S extends z.ZodTypeAny>(
    socket: Socket,
    event: string,
    schema: S,
    handler: (payload: z.infer<S>, businessId: string) => Promise<TakeoverAck<object>>,
  ) {
    socket.on(event, async (payload: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const reply = ack as Ack<object>;
      const parsed = schema.safeParse(payload ?? {});
      if (!parsed.success) return reply(fail("invalid_payload"));
      try {
        reply(await handler(parsed.data, (socket.data as { businessId: string }).businessId));
      } catch (error) {
        deps.logger.error(`[workspace] ${event} failed`, error);
        reply(fail("server_error"));
      }
    });
  }

  function register(socket: Socket) {
    on(socket, "presence:list", schemas.list, async (_payload, businessId) => ({ ok: true, visitors: await listVisitors(businessId) }));

    on(socket, "conversation:join", schemas.join, async (payload, businessId) => {
      const who = await member(socket);
      if (!who.ok) return who;
      const agent = { userId: who.workspace.userId, name: visitorFacingName(who.workspace) };
      const result = await joinConversation(
        { db: deps.db, jobs: deps.jobs },
        { businessId, conversationId: payload.conversationId, agent, businessName: who.workspace.business.name, takeOver: payload.takeOver === true, now: clock() },
      );
      switch (result.kind) {
        case "not_found":
          return fail("not_found");
        case "closed":
          return fail("conversation_closed");
        case "taken":
          return { ok: false, error: "taken", agent: { name: result.agent.name, initials: initialsOf(result.agent.name) } };
        case "joined": {
          if (result.message) {
            broadcast(businessId, result.message);
            announceAgent(businessId, payload.conversationId, agent);
          }
          const messages = await deps.db.message.findMany({
            where: { conversationId: payload.conversationId, businessId },
            orderBy: { seq: "asc" },
            take: 500,
            select: messageSelect,
          });
          return { ok: true, messages: messages.map(toMessage), ...(result.message ? { message: result.message } : {}) };
        }
      }
    });

    on(socket, "conversation:leave", schemas.leave, async (payload, businessId) => {
      const { userId } = socket.data as { userId: string };
      const result = await endTakeover(ctx, { conversationId: payload.conversationId, by: "member", businessId, userId });
      if (result.kind !== "left") return fail(result.kind);
      return { ok: true, message: result.message };
    });

    on(socket, "agent:message:send", schemas.send, async (payload, businessId) => {
      const checked = checkMessageText(payload.text);
      if (!checked.ok) return fail(checked.error);
      // Before any statement: counted per member on every socket (and instance, with Redis).
      if (!(await deps.limiter.allowAgentMessage((socket.data as { userId: string }).userId))) return fail("rate_limited");
      const who = await member(socket);
      if (!who.ok) return who;
      const result = await sendAgentMessage(ctx, {
        businessId,
        conversationId: payload.conversationId,
        agent: { userId: who.workspace.userId, name: visitorFacingName(who.workspace) },
        clientMessageId: payload.clientMessageId,
        text: checked.text,
      });
      switch (result.kind) {
        case "stored":
        case "duplicate":
          return { ok: true, message: result.message };
        case "closed":
          return fail("conversation_closed");
        case "conflict":
          return fail("invalid_payload");
        default:
          return fail(result.kind);
      }
    });

    on(socket, "agent:typing", schemas.typing, async (payload, businessId) => {
      const agent = await conversationAgent(deps.db, businessId, payload.conversationId);
      if (agent?.userId !== (socket.data as { userId: string }).userId) return fail("not_joined");
      deps.widget().to(conversationRoom(payload.conversationId)).emit("typing", payload);
      return { ok: true };
    });
  }

  /** The idle job: nothing from the member for 10 minutes since `activeAt`, so the bot takes the chat back (or checks again later). */
  async function releaseIdle(job: TakeoverJob): Promise<void> {
    await endTakeover(ctx, { conversationId: job.conversationId, by: "idle", job });
  }

  return { register, releaseIdle, listVisitors };
}

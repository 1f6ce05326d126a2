// Wires socket.io: the /widget and /workspace namespaces, the chat service's emitter over their rooms,
// and the Redis adapter when REDIS_URL is set so several instances share rooms.
import { createChatBooking } from "../appointments/chat-booking.server.ts";
import { commandContext } from "../events/command-context.server.ts";
import type { Namespace, Server } from "socket.io";
import { createChatService, type ChatEmitter, type ChatService } from "../chat/chat-service.server.ts";
import type { AppServices } from "../services.server.ts";
import { recordTested } from "../onboarding/installation.server.ts";
import { conversationRoom, registerWidgetNamespace, type WidgetNamespace } from "./widget-namespace.server.ts";
import { businessRoom, memberRoom, WIDGET_NAMESPACE, type BillingUpdate, type LeadSummary, type OnboardingUpdate, type WorkspaceNotification } from "./protocol.ts";
import { registerWorkspaceNamespace, sessionRoom, userRoom } from "./workspace-namespace.server.ts";
import type { MemberRole } from "../shared/enums.ts";
import type { TakeoverJob } from "../chat/takeover-store.server.ts";
import { createTakeover } from "./takeover.server.ts";
import { consentAsk, recordSmsConsent } from "../sms/consent.server.ts";
import { waitingCheckJob } from "../push/push-notifications.server.ts";
import { runSmsTurn, type SmsTurnInput, type SmsTurnResult } from "../sms/sms-turn.server.ts";
import { chatTurnObserver, leadChannel } from "../observability/sources.server.ts";

/** Lead changes made in the workspace (HTTP actions), pushed to the business's room (DESIGN §3). */
export type WorkspaceEvents = {
  leadCreated(businessId: string, lead: LeadSummary): void;
  leadUpdated(businessId: string, lead: LeadSummary): void;
  /** A member was removed from the business: their open workspace sockets are closed now. */
  memberRemoved(businessId: string, userId: string): void;
  /** An owner changed a member's role: that member's open pages reload their data (menus, owner-only pages). */
  memberRoleChanged(businessId: string, userId: string, role: MemberRole): void;
  /** A session ended (sign-out, replaced at sign-in): its open sockets are closed now. */
  sessionEnded(tokenHash: string): void;
  /** All of a user's sessions ended (password reset): every socket of theirs is closed now. */
  userSessionsEnded(userId: string): void;
  /** A notification stored by a job (a follow-up falling due): pushed to the business's open workspaces. */
  notification(businessId: string, notification: WorkspaceNotification): void;
  /** A first-run checklist fact was recorded outside a socket (the widget's config request). */
  onboardingUpdated(businessId: string, update: OnboardingUpdate): void;
  /** Live takeover's idle job: 10 minutes of member silence hand the chat back to the bot. */
  takeoverIdle(job: TakeoverJob): Promise<void>;
  /** A billing job finished an operation or refreshed the cards and invoices (server/billing/jobs/). */
  billingUpdated(businessId: string, update: BillingUpdate): void;
  /** An automation job started a run or finished a step: open Automation pages reload their runs. */
  automationRuns(businessId: string, automationId: string): void;
  /** The chat-recovery job claimed these conversations: their unfinished turns are finished here. */
  recoverTurns(conversationIds: string[]): Promise<void>;
  /** An incoming SMS's chat turn (server/sms/sms-turn.server.ts), run by the sms.inbound job. */
  smsTurn(input: SmsTurnInput): Promise<SmsTurnResult>;
};

export function attachRealtime(io: Server, services: AppServices): { chat: ChatService; workspaceEvents: WorkspaceEvents } {
  const workspace = registerWorkspaceNamespace(io, {
    db: services.db,
    sessionCookie: services.sessionCookie,
    appUrl: services.env.PUBLIC_APP_URL,
    logger: services.logger,
    sessionRecheckMs: services.env.SESSION_RECHECK_MS,
  });
  const widgetNsp = () => io.of(WIDGET_NAMESPACE);
  const smsDeps = { db: services.db, box: services.webhooks.box, env: services.env, jobs: services.jobs, availability: services.smsAvailability };

  // Without Redis the adapter is socket.io's in-memory one and this process's rooms are all there is:
  // a chat turn's copy for a room with nobody (else) in it is skipped, where socket.io would encode the
  // packet for no one. That is the usual turn: the visitor's one tab got its message and the bot's replies
  // in the ack (decisions 0083, 0085, 0090), and no one of the team is watching. With Redis, other
  // instances may hold members of the room: every copy is sent.
  const local = !services.redis;
  const nobodyIn = (nsp: Namespace, room: string, except?: string): boolean => {
    if (!local) return false;
    const members = nsp.adapter.rooms.get(room);
    return !members || members.size === 0 || (except !== undefined && members.size === 1 && members.has(except));
  };
  const emitter: ChatEmitter = {
    message: (conversationId, message, exceptSocketId) => {
      const nsp = widgetNsp();
      const name = conversationRoom(conversationId);
      if (nobodyIn(nsp, name, exceptSocketId)) return;
      const room = nsp.to(name);
      (exceptSocketId ? room.except(exceptSocketId) : room).emit("message", message);
    },
    delta: (delta) => widgetNsp().to(conversationRoom(delta.conversationId)).emit("message:delta", delta),
    typing: (conversationId, typing) =>
      widgetNsp().to(conversationRoom(conversationId)).emit("typing", { conversationId, typing }),
    workspaceMessage: (businessId, message) => {
      if (!nobodyIn(workspace, businessRoom(businessId))) workspace.to(businessRoom(businessId)).emit("conversation:message", { message });
    },
    leadCreated: (businessId, lead, notification) => {
      services.metrics.leadCaptured(leadChannel(lead));
      workspace.to(businessRoom(businessId)).emit("lead:created", { lead });
      // The "new-lead" notification was stored with the lead (server/leads/capture-lead.server.ts).
      // The owners' e-mail alert is a job of the lead's `lead.created` event, written with the lead.
      if (notification) workspace.to(businessRoom(businessId)).emit("notification", notification);
    },
    leadUpdated: (businessId, lead) => workspace.to(businessRoom(businessId)).emit("lead:updated", { lead }),
    notification: (businessId, notification) => workspace.to(businessRoom(businessId)).emit("notification", notification),
  };

  const leadSink = { leadCreated: (b: string, lead: LeadSummary) => emitter.leadCreated(b, lead), leadUpdated: (b: string, lead: LeadSummary) => emitter.leadUpdated(b, lead) };
  // First-run checklist facts recorded at the chat's edges, pushed to open dashboards (server/onboarding/).
  const onboarding = (businessId: string, update: OnboardingUpdate) => workspace.to(businessRoom(businessId)).emit("onboarding:updated", update);
  const chat = createChatService({
    db: services.db,
    chatbots: services.chatbotCache,
    assistant: services.assistant,
    siteAssistant: services.siteAssistant,
    emitter,
    logger: services.logger,
    testTokenSecret: services.signingSecret,
    jobs: services.jobs,
    onTurn: chatTurnObserver({ metrics: services.metrics, logger: services.logger, slowTurnMs: services.env.LOG_SLOW_TURN_MS }),
    // Booking the walkthrough after the qualification (issue 31): its commands push the lead live.
    booking: createChatBooking(commandContext(services, leadSink)),
    ...(services.env.TEST_CRASH_AT ? { crashAt: services.env.TEST_CRASH_AT } : {}),
    // Anyone of the business with the workspace open, on any instance (the Redis adapter asks them all).
    membersOnline: async (businessId) => (await workspace.in(businessRoom(businessId)).fetchSockets()).length > 0,
    onPhoneGiven: (args) => {
      if (args.isTest) return;
      consentAsk(smsDeps, args)
        .then((ask) => {
          if (ask) widgetNsp().to(conversationRoom(args.conversationId)).emit("sms:consent:ask", ask);
        })
        .catch((error: unknown) => services.logger.warn(`[sms] asking for consent failed: ${String(error)}`));
    },
    onVisitorWaiting: (args) => {
      services.jobs
        .enqueue(services.db, [waitingCheckJob(args, new Date())])
        .catch((error: unknown) => services.logger.warn(`[push] scheduling the waiting visitor's check failed: ${String(error)}`));
    },
    onTestOpened: (visitor) => {
      recordTested(services.db, { chatbotId: visitor.chatbotId })
        .then((first) => {
          if (first) onboarding(visitor.businessId, { step: "test" });
        })
        .catch((error: unknown) => services.logger.warn(`[chat] recording the chatbot's first test failed: ${String(error)}`));
    },
  });
  registerWidgetNamespace(io, {
    db: services.db,
    chat,
    limiter: services.widgetLimiter,
    appUrl: services.env.PUBLIC_APP_URL,
    trustProxy: services.env.TRUST_PROXY,
    logger: services.logger,
    onInstalled: (businessId, origin) => onboarding(businessId, { step: "verify", origin }),
    onPresence: (businessId) => workspace.to(businessRoom(businessId)).emit("presence:changed"),
    onVisitorTyping: (businessId, event) => workspace.to(businessRoom(businessId)).emit("conversation:typing", event),
    smsConsent: (visitor, payload) => recordSmsConsent(smsDeps, visitor, payload),
  });
  const takeover = createTakeover({
    db: services.db,
    jobs: services.jobs,
    chat,
    logger: services.logger,
    workspace: () => workspace,
    widget: () => widgetNsp() as unknown as WidgetNamespace,
    limiter: services.widgetLimiter,
    sms: services.smsAvailability,
    leads: leadSink,
  });
  workspace.on("connection", (socket) => takeover.register(socket));
  // A lead added by hand is pushed without a "new-lead" notification: someone in the team made it.
  const workspaceEvents: WorkspaceEvents = {
    leadCreated: (businessId, lead) => {
      services.metrics.leadCaptured(leadChannel(lead));
      workspace.to(businessRoom(businessId)).emit("lead:created", { lead });
    },
    leadUpdated: emitter.leadUpdated,
    // Rooms span every instance when the Redis adapter is on.
    memberRemoved: (businessId, userId) => workspace.in(memberRoom(businessId, userId)).disconnectSockets(true),
    memberRoleChanged: (businessId, userId, role) => workspace.to(memberRoom(businessId, userId)).emit("member:updated", { role }),
    notification: (businessId, notification) => workspace.to(businessRoom(businessId)).emit("notification", notification),
    sessionEnded: (tokenHash) => workspace.in(sessionRoom(tokenHash)).disconnectSockets(true),
    userSessionsEnded: (userId) => workspace.in(userRoom(userId)).disconnectSockets(true),
    onboardingUpdated: onboarding,
    takeoverIdle: (job) => takeover.releaseIdle(job),
    billingUpdated: (businessId, update) => workspace.to(businessRoom(businessId)).emit("billing:updated", update),
    automationRuns: (businessId, automationId) => workspace.to(businessRoom(businessId)).emit("automation:runs", { automationId }),
    recoverTurns: (conversationIds) => chat.recover(conversationIds),
    smsTurn: (input) => runSmsTurn(chat, input),
  };
  return { chat, workspaceEvents };
}

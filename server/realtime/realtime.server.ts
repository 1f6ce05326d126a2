// Wires socket.io: the /widget and /workspace namespaces, the chat service's emitter over their rooms,
// and the Redis adapter when REDIS_URL is set so several instances share rooms.
import type { Server } from "socket.io";
import { createChatService, type ChatEmitter, type ChatService } from "../chat/chat-service.server.ts";
import type { AppServices } from "../services.server.ts";
import { createLeadNotification } from "../notifications/notifications.server.ts";
import { businessRoom, WIDGET_NAMESPACE } from "./protocol.ts";
import { conversationRoom, registerWidgetNamespace } from "./widget-namespace.server.ts";
import { registerWorkspaceNamespace } from "./workspace-namespace.server.ts";

export function attachRealtime(io: Server, services: AppServices): { chat: ChatService } {
  const workspace = registerWorkspaceNamespace(io, {
    db: services.db,
    sessionCookie: services.sessionCookie,
    appUrl: services.env.PUBLIC_APP_URL,
    logger: services.logger,
  });
  const widgetNsp = () => io.of(WIDGET_NAMESPACE);

  const emitter: ChatEmitter = {
    message: (conversationId, message) => widgetNsp().to(conversationRoom(conversationId)).emit("message", message),
    delta: (delta) => widgetNsp().to(conversationRoom(delta.conversationId)).emit("message:delta", delta),
    typing: (conversationId, typing) =>
      widgetNsp().to(conversationRoom(conversationId)).emit("typing", { conversationId, typing }),
    workspaceMessage: (businessId, message) =>
      workspace.to(businessRoom(businessId)).emit("conversation:message", { message }),
    leadCreated: (businessId, lead) => {
      workspace.to(businessRoom(businessId)).emit("lead:created", { lead });
      // Store the "new-lead" notification, then push it; a failure is logged and never breaks the chat.
      createLeadNotification(services.db, businessId, lead).then(
        (notification) => workspace.to(businessRoom(businessId)).emit("notification", notification),
        (error: unknown) => services.logger.error(`[notifications] storing the notification of lead ${lead.id} failed`, error),
      );
    },
    leadUpdated: (businessId, lead) => workspace.to(businessRoom(businessId)).emit("lead:updated", { lead }),
  };

  const chat = createChatService({
    db: services.db,
    assistant: services.assistant,
    emitter,
    logger: services.logger,
  });
  registerWidgetNamespace(io, {
    db: services.db,
    chat,
    limiter: services.widgetLimiter,
    appUrl: services.env.PUBLIC_APP_URL,
    trustProxy: services.env.TRUST_PROXY,
    logger: services.logger,
  });
  return { chat };
}

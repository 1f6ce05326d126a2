// Rate limits of the widget (DESIGN §3): connections per IP, messages per visitor and per IP; and of a
// live takeover's agent messages, per member.
// rate-limiter-flexible, in memory by default, Redis when REDIS_URL is set (shared by instances).
import type { Redis } from "ioredis";
import { makeLimiter, tryConsume } from "../rate-limit/limiters.server.ts";

export type WidgetLimits = {
  connectionsPerIpPerMinute: number;
  messagesPerVisitorPerMinute: number;
  messagesPerIpPerMinute: number;
  /** New conversations (not resumed ones) per visitor and per IP (1,000 in 2.4 s once came from one IP). */
  conversationsPerVisitorPerMinute: number;
  conversationsPerIpPerMinute: number;
  /** A member's messages in live takeovers (issue 27: 1,500 in 12 s once went through). */
  agentMessagesPerMemberPerMinute: number;
};

export const defaultWidgetLimits: WidgetLimits = {
  connectionsPerIpPerMinute: 120,
  messagesPerVisitorPerMinute: 20,
  messagesPerIpPerMinute: 120,
  conversationsPerVisitorPerMinute: 10,
  conversationsPerIpPerMinute: 60,
  agentMessagesPerMemberPerMinute: 60,
};

export type WidgetLimiter = {
  allowConnection(ip: string): Promise<boolean>;
  allowMessage(visitorKey: string, ip: string): Promise<boolean>;
  /** Consumed before a new conversation is made. */
  allowNewConversation(visitorKey: string, ip: string): Promise<boolean>;
  /** Consumed before a member's takeover message is stored. */
  allowAgentMessage(userId: string): Promise<boolean>;
};

export function createWidgetLimiter(options: { redis?: Redis; limits?: Partial<WidgetLimits> } = {}): WidgetLimiter {
  const limits = { ...defaultWidgetLimits, ...options.limits };
  const connections = makeLimiter(options.redis, "lb:widget:conn", limits.connectionsPerIpPerMinute, 60);
  const byVisitor = makeLimiter(options.redis, "lb:widget:msg:visitor", limits.messagesPerVisitorPerMinute, 60);
  const byIp = makeLimiter(options.redis, "lb:widget:msg:ip", limits.messagesPerIpPerMinute, 60);
  const newByVisitor = makeLimiter(options.redis, "lb:widget:conv:visitor", limits.conversationsPerVisitorPerMinute, 60);
  const newByIp = makeLimiter(options.redis, "lb:widget:conv:ip", limits.conversationsPerIpPerMinute, 60);
  const agentMessages = makeLimiter(options.redis, "lb:takeover:msg:member", limits.agentMessagesPerMemberPerMinute, 60);

  return {
    allowConnection: (ip) => tryConsume(connections, ip),
    async allowMessage(visitorKey, ip) {
      const [visitor, client] = await Promise.all([tryConsume(byVisitor, visitorKey), tryConsume(byIp, ip)]);
      return visitor && client;
    },
    async allowNewConversation(visitorKey, ip) {
      const [visitor, client] = await Promise.all([tryConsume(newByVisitor, visitorKey), tryConsume(newByIp, ip)]);
      return visitor && client;
    },
    allowAgentMessage: (userId) => tryConsume(agentMessages, userId),
  };
}

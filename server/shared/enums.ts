// The enums of prisma/schema.prisma as the one source of these unions, for the server, the dashboard
// and the widget's protocol types. Prisma generates them as plain constants (no client code), so this
// module is safe in a browser bundle.
export {
  ConversationStatus,
  EmailDeliveryStatus,
  LeadLostReason,
  LeadPriority,
  LeadSource,
  LeadStatus,
  MemberRole,
  MessageRole,
  SubscriptionStatus,
} from "../db/generated/enums.ts";

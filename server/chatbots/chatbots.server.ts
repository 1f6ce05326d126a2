// The workspace's view of its chatbot. Always scoped by the businessId of the signed-in session.
import type { Db } from "../db/client.server.ts";

export function getBusinessChatbot(db: Db, businessId: string) {
  return db.chatbot.findFirst({
    where: { businessId },
    orderBy: { createdAt: "asc" },
    select: { id: true, siteKey: true, isActive: true, businessName: true, allowedOrigins: true },
  });
}

export function widgetSnippet(appUrl: string, siteKey: string): string {
  return `<script src="${appUrl}/widget.js" data-site-key="${siteKey}" async></script>`;
}

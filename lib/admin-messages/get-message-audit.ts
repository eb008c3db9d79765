import "server-only";
import { db } from "@/lib/db";
import type { MessageAuditRow } from "@/lib/admin-messages/admin-message-rules";

export const MESSAGE_AUDIT_SHOWN = 50;

/** GET /api/admin/message-audit: each message's audience is every business that had signed up by
 *  the time it was sent and is not deleted (the same rule as the business side's unread list). */
export async function getMessageAudit(): Promise<MessageAuditRow[]> {
  const messages = await db.adminMessage.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MESSAGE_AUDIT_SHOWN,
    select: { id: true, title: true, content: true, createdAt: true },
  });
  return Promise.all(
    messages.map(async (m) => {
      const audience = { createdAt: { lte: m.createdAt }, accountStatus: { not: "deleted" } };
      const [totalBusinesses, readCount] = await Promise.all([
        db.business.count({ where: audience }),
        db.adminMessageRead.count({ where: { messageId: m.id, business: audience } }),
      ]);
      return { ...m, createdAt: m.createdAt.toISOString(), totalBusinesses, readCount, unreadCount: Math.max(0, totalBusinesses - readCount) };
    }),
  );
}

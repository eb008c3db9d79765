import "server-only";
import { db, type Tx } from "@/lib/db";
import { CHAT_IDLE_CLOSE_MS } from "@/lib/rules/chat";

/** Chats close after 24 hours of inactivity (spec 3 section 9). Done on the next read or write
 *  of the business's chats, so no job is needed; pass no businessId to sweep every business. */
export async function closeIdleChatSessions(now: Date, businessId?: number, tx: Tx = db): Promise<number> {
  const { count } = await tx.chatSession.updateMany({
    where: { ...(businessId === undefined ? {} : { businessId }), status: "active", lastActivityAt: { lte: new Date(now.getTime() - CHAT_IDLE_CLOSE_MS) } },
    data: { status: "closed", closedAt: now },
  });
  return count;
}

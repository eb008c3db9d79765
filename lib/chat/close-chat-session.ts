import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { CHAT_NOT_FOUND } from "@/lib/chat/post-chat-message";

export const CHAT_ALREADY_CLOSED = "This chat is already closed";

/** POST /api/chat/sessions/{id}/close: the super admin closes a chat; a closed chat cannot be closed again. */
export async function closeChatSession(sessionId: number, actor: Actor, now: Date) {
  const session = await db.chatSession.findUnique({ where: { id: sessionId } });
  if (!session) throw notFound(CHAT_NOT_FOUND);
  if (session.status === "closed") throw conflict(CHAT_ALREADY_CLOSED);
  return db.$transaction(async (tx) => {
    const { count } = await tx.chatSession.updateMany({ where: { id: sessionId, status: { not: "closed" } }, data: { status: "closed", closedAt: now } });
    if (count === 0) throw conflict(CHAT_ALREADY_CLOSED);
    await logActivity(
      {
        businessId: null,
        actor,
        action: "support_chat_closed",
        description: `Closed the support chat "${session.subject}" (business #${session.businessId})`,
        tableName: "chat_sessions",
        recordId: sessionId,
        oldValues: { status: session.status },
        newValues: { status: "closed" },
      },
      tx,
    );
    return { id: sessionId, status: "closed", closedAt: now.toISOString() };
  });
}

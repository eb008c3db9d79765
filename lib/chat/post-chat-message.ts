import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { enforceRateLimit } from "@/lib/rate-limit";
import { logActivity } from "@/lib/activity/log-activity";
import { isChatClosed } from "@/lib/rules/chat";
import { toChatMessageDto } from "@/lib/chat/chat-dto";

// POST /api/chat/sessions/{id}/messages. Written for both sides of the chat: the business posts
// into its own sessions only (isUser true, its owner's name); the super admin's reply (isUser
// false, any session) comes from lib/chat/post-support-reply.ts with an author of kind 'admin', which
// also texts an owner who has not seen the reply. Closed chats take no new messages.

export const CHAT_NOT_FOUND = "Chat not found";
export const CHAT_CLOSED = "This chat is closed. Please start a new chat.";
export const CHAT_MESSAGES_PER_10_MIN = 60;

export type ChatAuthor = { kind: "business"; businessId: number; actor: Actor } | { kind: "admin"; actor: Actor };

export async function postChatMessage(author: ChatAuthor, sessionId: number, content: string, now: Date) {
  const scope = author.kind === "business" ? { id: sessionId, businessId: author.businessId } : { id: sessionId };
  const session = await db.chatSession.findFirst({ where: scope });
  if (!session) throw notFound(CHAT_NOT_FOUND);
  if (isChatClosed(session, now)) {
    if (session.status !== "closed") await db.chatSession.updateMany({ where: { id: session.id, status: session.status }, data: { status: "closed", closedAt: now } });
    throw conflict(CHAT_CLOSED);
  }
  if (author.kind === "business") {
    await enforceRateLimit(`chat-message:${author.businessId}`, { limit: CHAT_MESSAGES_PER_10_MIN, windowSeconds: 600, message: "You are sending messages very quickly. Please wait a few minutes." }, now);
  }

  const message = await db.$transaction(async (tx) => {
    // Guarded on the status: a chat closed meanwhile (by the admin) refuses the message.
    const touched = await tx.chatSession.updateMany({ where: { id: session.id, status: { not: "closed" } }, data: { lastActivityAt: now } });
    if (touched.count === 0) throw conflict(CHAT_CLOSED);
    const created = await tx.chatMessage.create({
      data: { sessionId: session.id, content, messageType: "human_support", isUser: author.kind === "business", senderName: author.actor.name, createdAt: now },
    });
    await logActivity(
      {
        // A support reply is the admin's own action (not done on the business's behalf): an admin audit row.
        businessId: author.kind === "business" ? session.businessId : null,
        actor: author.actor,
        action: author.kind === "business" ? "support_chat_message_sent" : "support_chat_reply_sent",
        description:
          author.kind === "business"
            ? `Sent a message in the support chat "${session.subject}"`
            : `Replied in the support chat "${session.subject}" (business #${session.businessId})`,
        tableName: "chat_messages",
        recordId: created.id,
        newValues: { sessionId: session.id, length: content.length },
      },
      tx,
    );
    return created;
  });
  return toChatMessageDto(message);
}

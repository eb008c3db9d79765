import "server-only";
import { db } from "@/lib/db";
import { closeIdleChatSessions } from "@/lib/chat/close-idle-chat-sessions";
import { toChatSessionDto, type ChatSessionDto } from "@/lib/chat/chat-dto";

export const CHAT_SESSIONS_SHOWN = 20;

/** GET /api/chat/sessions: the business's chats with their messages, most recently active first. */
export async function listChatSessions(businessId: number, now: Date): Promise<ChatSessionDto[]> {
  await closeIdleChatSessions(now, businessId);
  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { name: true } });
  const sessions = await db.chatSession.findMany({
    where: { businessId },
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: CHAT_SESSIONS_SHOWN,
    include: { messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  return sessions.map((s) => toChatSessionDto(s, business.name));
}

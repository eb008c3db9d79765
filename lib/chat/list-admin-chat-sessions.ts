import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { closeIdleChatSessions } from "@/lib/chat/close-idle-chat-sessions";
import { toChatSessionDto, type ChatSessionDto } from "@/lib/chat/chat-dto";

export const ADMIN_CHAT_SESSIONS_SHOWN = 100;

const STATUS_ORDER: Record<string, number> = { active: 0, escalated: 1, closed: 2 };

function sortActiveFirst(a: ChatSessionDto, b: ChatSessionDto) {
  const s = (STATUS_ORDER[a.status] ?? 3) - (STATUS_ORDER[b.status] ?? 3);
  return s !== 0 ? s : b.lastActivityAt.localeCompare(a.lastActivityAt);
}

/** GET /api/chat/admin/sessions: every business's chats, active first, then most recently active. */
export async function listAdminChatSessions(now: Date): Promise<ChatSessionDto[]> {
  await closeIdleChatSessions(now);
  const sessions = await db.chatSession.findMany({
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: ADMIN_CHAT_SESSIONS_SHOWN,
    include: { messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, business: { select: { name: true } } },
  });
  return sessions.map((s) => toChatSessionDto(s, s.business.name)).sort(sortActiveFirst);
}

/** GET /api/chat/sessions/business/{id}: one business's chats (admin view). */
export async function listBusinessChatSessionsForAdmin(businessId: number, now: Date): Promise<ChatSessionDto[]> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { name: true } });
  if (!business) throw notFound("Business not found");
  await closeIdleChatSessions(now, businessId);
  const sessions = await db.chatSession.findMany({
    where: { businessId },
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: ADMIN_CHAT_SESSIONS_SHOWN,
    include: { messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  return sessions.map((s) => toChatSessionDto(s, business.name)).sort(sortActiveFirst);
}

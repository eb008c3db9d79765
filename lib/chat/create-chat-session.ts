import "server-only";
import { db } from "@/lib/db";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { enforceRateLimit } from "@/lib/rate-limit";
import { logActivity } from "@/lib/activity/log-activity";
import { toChatSessionDto } from "@/lib/chat/chat-dto";
import type { CreateChatSessionInput } from "@/lib/validation/chat";

export const CHAT_SESSIONS_PER_HOUR = 10;

/** POST /api/chat/sessions: a new support chat with the owner's first message. */
export async function createChatSession(auth: BusinessPrincipal, input: CreateChatSessionInput, now: Date) {
  const businessId = auth.businessId;
  await enforceRateLimit(
    `chat-session:${businessId}`,
    { limit: CHAT_SESSIONS_PER_HOUR, windowSeconds: 3600, message: "You have started a lot of chats in the last hour. Please continue in your open chat or try again later." },
    now,
  );
  const session = await db.$transaction(async (tx) => {
    const created = await tx.chatSession.create({
      data: {
        businessId,
        subject: input.subject,
        sessionType: input.type,
        status: "active",
        lastActivityAt: now,
        createdAt: now,
        messages: { create: { content: input.initialMessage, messageType: "human_support", isUser: true, senderName: auth.actor.name, createdAt: now } },
      },
      include: { messages: true },
    });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "support_chat_started",
        description: `Started a support chat: "${created.subject}"`,
        tableName: "chat_sessions",
        recordId: created.id,
        newValues: { subject: created.subject, status: created.status },
      },
      tx,
    );
    return created;
  });
  return toChatSessionDto(session, auth.business.name);
}

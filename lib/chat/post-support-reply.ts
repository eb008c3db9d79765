import "server-only";
import { db } from "@/lib/db";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { postChatMessage } from "@/lib/chat/post-chat-message";
import { sendSms } from "@/lib/sms/send-sms";
import { appUrl } from "@/lib/env";

/** The owner counts as having seen the reply only while signed in and active in this chat recently. */
export const OWNER_AWAY_AFTER_MS = 10 * 60 * 1000;

/** Logged out (no live business session), or no message from the owner in this chat for 10 minutes. */
async function ownerIsAway(sessionId: number, businessId: number, now: Date): Promise<boolean> {
  const live = await db.session.count({ where: { kind: "business", businessId, revokedAt: null, expiresAt: { gt: now } } });
  if (live === 0) return true;
  const last = await db.chatMessage.findFirst({ where: { sessionId, isUser: true }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
  return !last || now.getTime() - last.createdAt.getTime() > OWNER_AWAY_AFTER_MS;
}

/** POST /api/chat/sessions/{id}/messages by the super admin: a support reply into any business's
 *  chat, then an SMS to an owner who is not there to see it (with a badge in the chat saying so). */
export async function postSupportReply(auth: AdminPrincipal, sessionId: number, content: string, senderName: string | undefined, now: Date) {
  const actor = { ...auth.actor, name: senderName?.trim() || auth.actor.name };
  const message = await postChatMessage({ kind: "admin", actor }, sessionId, content, now);
  const session = await db.chatSession.findUniqueOrThrow({ where: { id: sessionId }, select: { businessId: true, business: { select: { phone: true } } } });
  let smsSent = false;
  if (await ownerIsAway(sessionId, session.businessId, now)) {
    const sms = await sendSms({
      to: session.business.phone,
      body: `Our support team has replied to your chat. Sign in to read it: ${appUrl()}/dashboard`,
      purpose: "support_reply",
      businessId: session.businessId,
    });
    smsSent = sms.status === "sent";
    if (smsSent) {
      await db.chatMessage.create({
        data: { sessionId, content: "We sent you an SMS to let you know about this reply.", messageType: "human_support", isUser: false, senderName: "system", metadata: { type: "sms_notification_badge" }, createdAt: new Date(now.getTime() + 1) },
      });
    }
  }
  return { ...message, smsSent };
}

import "server-only";
import { db } from "@/lib/db";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import type { SendAdminMessageInput } from "@/lib/admin-messages/admin-message-schema";

/** POST /api/admin/send-message: one message for every business (they see it through GET /api/admin-messages/unread). */
export async function sendAdminMessage(auth: AdminPrincipal, input: SendAdminMessageInput, now: Date) {
  const message = await db.$transaction(async (tx) => {
    const created = await tx.adminMessage.create({ data: { title: input.title, content: input.content, adminId: auth.adminId, createdAt: now } });
    await logActivity(
      {
        businessId: null,
        actor: auth.actor,
        action: "admin_message_sent",
        description: `Sent the message "${created.title}" to all businesses`,
        tableName: "admin_messages",
        recordId: created.id,
        newValues: { title: created.title, content: created.content },
      },
      tx,
    );
    return created;
  });
  return { id: message.id, title: message.title, content: message.content, createdAt: message.createdAt.toISOString() };
}

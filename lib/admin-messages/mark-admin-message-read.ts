import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";

export const ADMIN_MESSAGE_NOT_FOUND = "Message not found";

/** POST /api/admin-messages/{id}/read. Idempotent. A message sent before the business signed up
 *  was never addressed to it: 404 like an unknown id. A super admin acting as the business does
 *  not mark the owner's messages read (the owner has not seen them). */
export async function markAdminMessageRead(auth: BusinessPrincipal, id: number, now: Date) {
  const businessId = auth.businessId;
  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { createdAt: true } });
  const message = await db.adminMessage.findFirst({ where: { id, createdAt: { gte: business.createdAt } }, select: { id: true, title: true } });
  if (!message) throw notFound(ADMIN_MESSAGE_NOT_FOUND);
  if (auth.adminMode) return { message: "Not marked as read while a super admin is logged in as the business", id, recorded: false };

  await db.$transaction(async (tx) => {
    const created = await tx.adminMessageRead.createMany({ data: [{ messageId: id, businessId, readAt: now }], skipDuplicates: true });
    if (created.count === 0) return;
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "admin_message_read",
        description: `Read the message "${message.title}" from the team`,
        tableName: "admin_message_reads",
        recordId: id,
        newValues: { messageId: id, readAt: now.toISOString() },
      },
      tx,
    );
  });
  return { message: "Message marked as read", id, recorded: true };
}

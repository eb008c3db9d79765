import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

export type AdminMessageDto = { id: number; title: string; content: string; createdAt: string };

/** Messages from the super admin the business has not read: only those sent since it signed up
 *  (a new business does not get the platform's whole history), oldest first. */
export async function listUnreadAdminMessages(businessId: number): Promise<AdminMessageDto[]> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { createdAt: true } });
  if (!business) throw notFound("Business not found");
  const rows = await db.adminMessage.findMany({
    where: { createdAt: { gte: business.createdAt }, reads: { none: { businessId } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 50,
    select: { id: true, title: true, content: true, createdAt: true },
  });
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

/** How many there are (the notifications call). */
export async function countUnreadAdminMessages(businessId: number, signedUpAt: Date): Promise<number> {
  return db.adminMessage.count({ where: { createdAt: { gte: signedUpAt }, reads: { none: { businessId } } } });
}

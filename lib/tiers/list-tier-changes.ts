import "server-only";
import { db } from "@/lib/db";

/** The latest 200 tier moves of the business (or of one of its customers), newest first. */
export async function listTierChanges(businessId: number, customerId?: number) {
  const rows = await db.tierChange.findMany({ where: { businessId, ...(customerId ? { customerId } : {}) }, orderBy: { id: "desc" }, take: 200 });
  return { changes: rows.map((r) => ({ id: r.id, customerId: r.customerId, fromTier: r.fromTier, toTier: r.toTier, direction: r.direction, reason: r.reason, createdAt: r.createdAt.toISOString() })) };
}

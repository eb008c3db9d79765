import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";

export type ActivityEntry = {
  businessId: number | null;
  actor: Actor;
  action: string;
  description: string;
  tableName?: string;
  recordId?: string | number;
  oldValues?: Prisma.InputJsonValue;
  newValues?: Prisma.InputJsonValue;
  /** When a super admin acts as a business, the row says so. */
  onBehalfOf?: string;
};

/** The row's description names the super admin behind a business's row, and says "on behalf of
 *  the business" only when the admin was acting as the business ("login as"); an edit from the
 *  admin console is the admin's own act. */
export function activityDescription(entry: Pick<ActivityEntry, "businessId" | "actor" | "description">): string {
  if (entry.actor.type !== "admin" || entry.businessId === null) return entry.description;
  return entry.actor.actingAsBusiness === true
    ? `${entry.description} (by super admin ${entry.actor.name} on behalf of the business)`
    : `${entry.description} (by super admin ${entry.actor.name})`;
}

/** Writes one activity row; pass the transaction so the row commits or rolls back with the change. */
export async function logActivity(entry: ActivityEntry, tx: Tx = db): Promise<void> {
  await tx.activityLog.create({
    data: {
      businessId: entry.businessId,
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      description: activityDescription(entry),
      tableName: entry.tableName,
      recordId: entry.recordId === undefined ? undefined : String(entry.recordId),
      oldValues: entry.oldValues,
      newValues: entry.newValues,
    },
  });
}

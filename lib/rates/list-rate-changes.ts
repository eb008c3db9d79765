import "server-only";
import { db } from "@/lib/db";
import type { PointsAuditTrailDto, RateChangeDto } from "@/lib/rates/audit-trail-dto";

export const AUDIT_TRAIL_LIMIT = 100;

/** GET /api/business/points-audit-trail: the newest rate changes (up to 100) and the latest
 *  minimum-redemption change as the business record holds it (date, who, from, to). */
export async function listRateChanges(businessId: number): Promise<PointsAuditTrailDto> {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { minimumRedemption: true, previousMinimumRedemption: true, minimumRedemptionUpdatedAt: true, minimumRedemptionUpdatedBy: true },
  });
  const rows = await db.rateChange.findMany({
    where: { businessId },
    include: { customer: { select: { name: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: AUDIT_TRAIL_LIMIT,
  });
  const changes: RateChangeDto[] = rows.map((r) => ({
    id: r.id,
    scope: r.scope as RateChangeDto["scope"],
    customerId: r.customerId,
    customerName: r.customer?.name ?? null,
    oldValues: (r.oldValues ?? {}) as Record<string, unknown>,
    newValues: (r.newValues ?? {}) as Record<string, unknown>,
    reason: r.reason,
    changedBy: r.changedBy,
    createdAt: r.createdAt.toISOString(),
  }));
  const latestMinimumRedemptionChange = business.minimumRedemptionUpdatedAt
    ? {
        date: business.minimumRedemptionUpdatedAt.toISOString(),
        updatedBy: business.minimumRedemptionUpdatedBy,
        from: business.previousMinimumRedemption,
        to: business.minimumRedemption,
      }
    : null;
  return { latestMinimumRedemptionChange, changes };
}

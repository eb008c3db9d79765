import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { changedByLabel } from "@/lib/rates/rate-actor";
import { getBusinessProfile } from "@/lib/business/get-business-profile";

// Spec 2 section 5.5: the business's minimum redemption applies to it and to all its customers at
// once. One transaction: lock the business row (so two changes at once record the right "from"),
// one set-based UPDATE over the customers, the business's own fields, the audit row and the
// activity row. Closed accounts are read-only (spec 4.1), so they keep theirs.

export async function updateMinimumRedemption(auth: BusinessPrincipal, minimumRedemption: number, now = new Date()) {
  const businessId = auth.businessId;
  const changedBy = changedByLabel(auth);
  const customersUpdated = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ minimumRedemption: number }[]>`
      SELECT "minimumRedemption" FROM businesses WHERE id = ${businessId} FOR UPDATE`;
    if (!locked) throw notFound("Business not found");
    const previous = locked.minimumRedemption;
    const updated = await tx.customer.updateMany({
      where: { businessId, accountStatus: { notIn: ["closed", "archived"] } },
      data: { minimumRedemption },
    });
    await tx.business.update({
      where: { id: businessId },
      data: { minimumRedemption, previousMinimumRedemption: previous, minimumRedemptionUpdatedAt: now, minimumRedemptionUpdatedBy: changedBy },
    });
    await tx.rateChange.create({
      data: {
        businessId,
        scope: "minimum_redemption",
        oldValues: { minimumRedemption: previous },
        newValues: { minimumRedemption, customersUpdated: updated.count },
        changedBy,
        createdAt: now,
      },
    });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "minimum_redemption_updated",
        description: `Changed the minimum redemption from ${previous} to ${minimumRedemption} points for the business and ${updated.count} customer${updated.count === 1 ? "" : "s"}`,
        tableName: "businesses",
        recordId: businessId,
        oldValues: { minimumRedemption: previous },
        newValues: { minimumRedemption },
      },
      tx,
    );
    return updated.count;
  });
  return { message: "Minimum redemption updated successfully", customersUpdated, profile: await getBusinessProfile(businessId) };
}

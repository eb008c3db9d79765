import "server-only";
import { archiveCustomers } from "@/lib/customers/archive-customers";
import { db, type Tx } from "@/lib/db";
import { SYSTEM_ACTOR } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { DAY_MS } from "@/lib/clock";
import { PAYMENT_FAILED_GRACE_DAYS } from "@/lib/rules/plans";
import { parkExcessCustomers } from "@/lib/billing/park-customers";
import { processExpiredTrials } from "@/lib/admin/trials";

// The billing rules that run on a clock (idempotent; `now` is injectable):
// 1. a downgrade whose countdown reached 0: starter, newest customers beyond 10 parked;
// 2. a payment failure 7 days old: newest customers beyond 10 parked (restored on payment);
// 3. an expired referral trial: back to starter (the admin's "process expired trials", shared);
// 4. parked customers whose final deletion date passed: archived (personal data removed) the
//    same way as the customer lifecycle job archives.

export async function runBillingJob(now: Date) {
  let downgraded = 0;
  let parkedForDowngrade = 0;
  let parkedForPayment = 0;

  const due = await db.business.findMany({ where: { downgradeEffectiveAt: { lte: now } }, select: { id: true } });
  for (const { id } of due) {
    await db.$transaction(async (tx) => {
      const b = await lockBusiness(tx, id);
      if (!b?.downgradeEffectiveAt || b.downgradeEffectiveAt > now) return;
      if (b.subscriptionStatus !== "pro_starter" && !b.isFounderMember) {
        await tx.business.update({ where: { id }, data: { subscriptionStatus: "pro_starter", paymentFailedAt: null } });
        downgraded++;
      }
      await tx.business.update({ where: { id }, data: { downgradeRequestedAt: null, downgradeEffectiveAt: null } });
      await logActivity({ businessId: id, actor: SYSTEM_ACTOR, action: "subscription_downgraded", description: "Downgrade took effect: now on the starter plan", tableName: "businesses", recordId: id, oldValues: { subscriptionStatus: b.subscriptionStatus }, newValues: { subscriptionStatus: "pro_starter" } }, tx);
      if (!b.isFounderMember) parkedForDowngrade += await parkExcessCustomers(tx, id, "downgrade_compliance", now);
    });
  }

  const graceOver = new Date(now.getTime() - PAYMENT_FAILED_GRACE_DAYS * DAY_MS);
  const failed = await db.business.findMany({ where: { subscriptionStatus: "payment_failed", paymentFailedAt: { lte: graceOver }, isFounderMember: false }, select: { id: true } });
  for (const { id } of failed) {
    parkedForPayment += await db.$transaction(async (tx) => {
      const b = await lockBusiness(tx, id);
      if (b?.subscriptionStatus !== "payment_failed") return 0;
      return parkExcessCustomers(tx, id, "payment_failure_compliance", now);
    });
  }

  const trialsExpired = (await processExpiredTrials(SYSTEM_ACTOR, now)).processed;
  const archivedParked = await archiveFinalParked(now);
  return { downgraded, parkedForDowngrade, parkedForPayment, trialsExpired, archivedParked };
}

async function lockBusiness(tx: Tx, id: number) {
  await tx.$queryRaw`SELECT id FROM businesses WHERE id = ${id} FOR UPDATE`;
  return tx.business.findUnique({ where: { id } });
}

async function archiveFinalParked(now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; businessId: number }[]>`
      SELECT id, "businessId" FROM customers
      WHERE "parkedAt" IS NOT NULL AND "scheduledDeletionAt" <= ${now} AND "accountStatus" <> 'archived'
      FOR UPDATE SKIP LOCKED`;
    return archiveCustomers(tx, rows, now, "final parking, 28 days");
  });
}

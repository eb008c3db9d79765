import "server-only";
import { db } from "@/lib/db";
import { archiveCustomers } from "@/lib/customers/archive-customers";
import { DELETION_GRACE_DAYS } from "@/lib/rules/sleep-status";

// The timed customer rules of spec 1 section 4, as set-based statements (fast for any number of
// customers, and idempotent: running twice changes nothing the second time).
// 1. sleep status from the last visit (or the join date): active < 3 months <= asleep < 5 months <= scheduled_deletion;
// 2. a customer scheduled for deletion is archived 28 days later unless a transaction woke them;
// 3. closed accounts are read-only for 28 days, then archived.
// Archiving removes the personal data (name, contact details, date of birth, consents, card) but
// keeps the anonymous transactions and ledger, which the business's figures and audit need.

export async function runCustomerLifecycle(now: Date) {
  const sleepChanged = await db.$executeRaw`
    UPDATE customers c SET "sleepStatus" = s.status, "updatedAt" = ${now}
    FROM (
      SELECT id, CASE
        WHEN COALESCE("lastVisit", "createdAt") > ${now}::timestamp - interval '3 months' THEN 'active'
        WHEN COALESCE("lastVisit", "createdAt") > ${now}::timestamp - interval '5 months' THEN 'asleep'
        ELSE 'scheduled_deletion' END AS status
      FROM customers
      WHERE "accountStatus" IN ('active', 'snoozed', 'paused') AND "parkedAt" IS NULL
    ) s
    WHERE c.id = s.id AND c."sleepStatus" IS DISTINCT FROM s.status`;

  const scheduled = await db.$executeRaw`
    UPDATE customers SET "scheduledDeletionAt" = ${now}::timestamp + make_interval(days => ${DELETION_GRACE_DAYS})
    WHERE "sleepStatus" = 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" IS NULL
      AND "accountStatus" IN ('active', 'snoozed', 'paused')`;

  const unscheduled = await db.$executeRaw`
    UPDATE customers SET "scheduledDeletionAt" = NULL
    WHERE "sleepStatus" <> 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" IS NOT NULL`;

  const inactive = await archiveWhere(now, "inactive for 5 months and 28 days");
  const closed = await archiveWhere(now, "closed for 28 days");

  return { sleepStatusesChanged: sleepChanged, deletionsScheduled: scheduled, deletionsCancelled: unscheduled, archivedInactive: inactive, archivedClosed: closed };
}

async function archiveWhere(now: Date, reason: "inactive for 5 months and 28 days" | "closed for 28 days"): Promise<number> {
  return db.$transaction(async (tx) => {
    const rows =
      reason === "closed for 28 days"
        ? await tx.$queryRaw<{ id: number; businessId: number }[]>`
            SELECT id, "businessId" FROM customers
            WHERE "accountStatus" = 'closed' AND "closedAt" <= ${now}::timestamp - make_interval(days => ${DELETION_GRACE_DAYS})
            FOR UPDATE SKIP LOCKED`
        : await tx.$queryRaw<{ id: number; businessId: number }[]>`
            SELECT id, "businessId" FROM customers
            WHERE "sleepStatus" = 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" <= ${now}
              AND "accountStatus" IN ('active', 'snoozed', 'paused')
            FOR UPDATE SKIP LOCKED`;
    return archiveCustomers(tx, rows, now, reason);
  });
}

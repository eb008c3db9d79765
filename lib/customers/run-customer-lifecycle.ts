import "server-only";
import { db } from "@/lib/db";
import { archiveCustomers } from "@/lib/customers/archive-customers";
import { DELETION_AFTER_MONTHS, DELETION_GRACE_DAYS } from "@/lib/rules/sleep-status";

// The timed customer rules of spec 1 section 4, as set-based statements (fast for any number of
// customers, and idempotent: running twice changes nothing the second time). The timeline:
// - active (visited within 3 months) -> asleep (3 to 5 months) -> scheduled_deletion (5 months),
//   archived 28 days after it was scheduled unless a purchase woke the customer first;
// - snoozed -> archived 5 months after the SNOOZE (spec 1: "scheduled for automatic deletion in 5
//   months"), whatever the last visit: the snooze sets scheduledDeletionAt, and a purchase (which
//   wakes them) or a reactivation clears it; the last-visit schedule does not apply while snoozed;
// - closed -> read-only for 28 days, then archived;
// - parked -> left alone here (no sleep changes, no inactivity deletion): the billing job archives
//   a final parking 28 days after it.
// Archiving forfeits the balance through the ledger, removes the personal data (name, contact
// details, date of birth, consents, card) and keeps the anonymous transactions and ledger.

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

  // A snoozed account's deletion date comes from the snooze (set by the snooze itself; this fills
  // in accounts snoozed before it did).
  const snoozeScheduled = await db.$executeRaw`
    UPDATE customers SET "scheduledDeletionAt" = COALESCE("snoozedAt", "updatedAt") + make_interval(months => ${DELETION_AFTER_MONTHS})
    WHERE "accountStatus" IN ('snoozed', 'paused') AND "parkedAt" IS NULL AND "scheduledDeletionAt" IS NULL`;

  const scheduled = await db.$executeRaw`
    UPDATE customers SET "scheduledDeletionAt" = ${now}::timestamp + make_interval(days => ${DELETION_GRACE_DAYS})
    WHERE "sleepStatus" = 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" IS NULL
      AND "accountStatus" = 'active'`;

  const unscheduled = await db.$executeRaw`
    UPDATE customers SET "scheduledDeletionAt" = NULL
    WHERE "sleepStatus" <> 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" IS NOT NULL
      AND "accountStatus" = 'active'`;

  const inactive = await archiveWhere(now, "inactive for 5 months and 28 days");
  const snoozed = await archiveWhere(now, "snoozed for 5 months");
  const closed = await archiveWhere(now, "closed for 28 days");

  return {
    sleepStatusesChanged: sleepChanged,
    deletionsScheduled: scheduled + snoozeScheduled,
    deletionsCancelled: unscheduled,
    archivedInactive: inactive,
    archivedSnoozed: snoozed,
    archivedClosed: closed,
  };
}

type Reason = "inactive for 5 months and 28 days" | "snoozed for 5 months" | "closed for 28 days";

async function archiveWhere(now: Date, reason: Reason): Promise<number> {
  return db.$transaction(async (tx) => {
    const rows =
      reason === "closed for 28 days"
        ? await tx.$queryRaw<{ id: number; businessId: number }[]>`
            SELECT id, "businessId" FROM customers
            WHERE "accountStatus" = 'closed' AND "closedAt" <= ${now}::timestamp - make_interval(days => ${DELETION_GRACE_DAYS})
            FOR UPDATE SKIP LOCKED`
        : reason === "snoozed for 5 months"
          ? await tx.$queryRaw<{ id: number; businessId: number }[]>`
              SELECT id, "businessId" FROM customers
              WHERE "accountStatus" IN ('snoozed', 'paused') AND "parkedAt" IS NULL AND "scheduledDeletionAt" <= ${now}
              FOR UPDATE SKIP LOCKED`
          : await tx.$queryRaw<{ id: number; businessId: number }[]>`
              SELECT id, "businessId" FROM customers
              WHERE "sleepStatus" = 'scheduled_deletion' AND "parkedAt" IS NULL AND "scheduledDeletionAt" <= ${now}
                AND "accountStatus" = 'active'
              FOR UPDATE SKIP LOCKED`;
    return archiveCustomers(tx, rows, now, reason);
  });
}

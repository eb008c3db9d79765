import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { CLOSED_READ_ONLY_MESSAGE } from "@/lib/customers/update-customer";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";
import { forfeitBalance } from "@/lib/ledger/forfeit-points";
import { DELETION_AFTER_MONTHS, monthsAfter } from "@/lib/rules/sleep-status";

// Account status (spec 1 section 4): active -> snoozed (sleeps until the next transaction),
// snoozed/paused -> active (reactivate), active or snoozed -> closed (permanent, points forfeited,
// read-only for 28 days, then archived). Each change is one guarded update in a transaction with
// its activity row, so two clicks at once cannot both apply.

type Change = "snooze" | "close" | "reactivate";

const RULES: Record<Change, { from: string[]; to: string; refused: string; action: string; verb: string }> = {
  snooze: { from: ["active"], to: "snoozed", refused: "Only active accounts can be snoozed", action: "customer_snoozed", verb: "Snoozed" },
  reactivate: { from: ["snoozed", "paused"], to: "active", refused: "Only snoozed accounts can be reactivated", action: "customer_reactivated", verb: "Reactivated" },
  close: { from: ["active", "snoozed", "paused"], to: "closed", refused: "This account is already closed", action: "customer_closed", verb: "Closed" },
};

export async function changeCustomerStatus(businessId: number, id: number, change: Change, actor: Actor, now = new Date()) {
  const before = await getCustomerOrThrow(businessId, id);
  const rule = RULES[change];
  if (before.accountStatus === "closed") throw conflict(change === "close" ? rule.refused : change === "reactivate" ? "Closed accounts cannot be reactivated" : CLOSED_READ_ONLY_MESSAGE);
  if (!rule.from.includes(before.accountStatus)) throw conflict(rule.refused);

  // Spec 1 section 4: a snoozed account "is scheduled for automatic deletion in 5 months" from the
  // snooze (run-customer-lifecycle.ts archives it then); reactivating cancels that. A parked
  // customer's deletion date belongs to the parking and is left alone.
  const schedule = (at: Date | null) => (before.parkedAt ? {} : { scheduledDeletionAt: at });
  const data =
    change === "snooze"
      ? { accountStatus: "snoozed", snoozedAt: now, ...schedule(monthsAfter(now, DELETION_AFTER_MONTHS)) }
      : change === "reactivate"
        ? { accountStatus: "active", snoozedAt: null, ...schedule(null) }
        : { accountStatus: "closed", closedAt: now, closedBy: actor.type === "customer" ? "customer" : "business", marketingConsentEmail: false, marketingConsentSms: false };

  const after = await db.$transaction(async (tx) => {
    // Lock the row (the balance forfeited on closing is the balance at that instant), then let the
    // ledger forfeit it while the account is still open: a closed account refuses every change.
    const [locked] = await tx.$queryRaw<{ accountStatus: string }[]>`SELECT "accountStatus" FROM customers WHERE id = ${id} AND "businessId" = ${businessId} FOR UPDATE`;
    if (!locked || !rule.from.includes(locked.accountStatus)) throw conflict(rule.refused);
    if (change === "close") await forfeitBalance(tx, { businessId, customerId: id, reason: "account closed", actor, now });
    const res = await tx.customer.updateMany({ where: { id, businessId, accountStatus: { in: rule.from } }, data });
    if (res.count !== 1) throw conflict(rule.refused);
    await logActivity(
      {
        businessId,
        actor,
        action: rule.action,
        description: `${rule.verb} customer account ${before.name}`,
        tableName: "customers",
        recordId: id,
        oldValues: { accountStatus: before.accountStatus },
        newValues: { accountStatus: rule.to },
      },
      tx,
    );
    return tx.customer.findUniqueOrThrow({ where: { id }, include: { card: true } });
  });
  notifyPassChange([id]); // closing voids the pass and zeroes its balance
  return toCustomerDto(after);
}

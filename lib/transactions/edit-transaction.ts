import "server-only";
import { db } from "@/lib/db";
import { badRequest, conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { applyPoints, lockCustomers } from "@/lib/ledger/apply-points";
import { getTransactionOrThrow } from "@/lib/transactions/get-transaction-or-throw";
import { notifyCustomerOfChange } from "@/lib/transactions/notify-customer-of-change";
import { toTransactionDto, transactionInclude } from "@/lib/transactions/transaction-dto";
import type { EditTransactionInput } from "@/lib/validation/transactions";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";
import { emitTransactionEvents } from "@/lib/outgoing-webhooks/emit-webhook-events";
import { checkTiersAfterCredit } from "@/lib/tiers/reward-after-purchase";

/** PUT /api/transactions/{id}: history is never rewritten: the row shows the corrected values and a
 *  correcting ledger entry moves the balance by the difference. The ledger judges every edit, even
 *  one that moves nothing: a closed, parked, snoozed or asleep customer's transactions stay as they
 *  are (ledger-rules.ts), and the totals never go below zero or past what they can hold. The
 *  amounts were bounded like a new transaction's by editTransactionSchema. */
export async function editTransaction(businessId: number, id: number, input: EditTransactionInput, actor: Actor, now = new Date()) {
  const amountPence = input.amountPence;
  const before = await getTransactionOrThrow(businessId, id);
  const giftChanged = (before.type === "gift_points" || input.type === "gift_points") &&
    (before.type !== input.type || before.pointsRedeemed !== input.pointsRedeemed || before.pointsEarned !== input.pointsEarned);
  if (giftChanged) throw badRequest("Gifts cannot be edited: delete the gift and record it again.");

  const pointsDelta = input.pointsEarned - input.pointsRedeemed - (before.pointsEarned - before.pointsRedeemed);
  const spendOf = (type: string, pence: number) => (type === "purchase" ? pence : 0);
  const spendDelta = spendOf(input.type, amountPence) - spendOf(before.type, before.amountPence);

  const updated = await db.$transaction(async (tx) => {
    await lockCustomers(tx, businessId, [before.customerId]); // the ledger's lock order
    const res = await tx.transaction.updateMany({
      where: { id, businessId, deletedAt: null, updatedAt: before.updatedAt },
      data: { type: input.type, amountPence, description: input.description ?? null, pointsEarned: input.pointsEarned, pointsRedeemed: input.pointsRedeemed, updatedAt: now },
    });
    if (res.count !== 1) throw conflict("This transaction was changed by someone else. Please reload and try again.");
    await applyPoints(tx, {
      businessId,
      customerId: before.customerId,
      points: pointsDelta,
      spendPence: spendDelta,
      kind: "correction",
      transactionId: id,
      reason: `transaction #${id} edited`,
      actor,
      now,
      insufficientMessage: "This change would take the customer's points balance below zero",
    });
    await logActivity(
      {
        businessId,
        actor,
        action: "transaction_edited",
        description: `Edited transaction #${id}`,
        tableName: "transactions",
        recordId: id,
        oldValues: { type: before.type, amountPence: before.amountPence, description: before.description, pointsEarned: before.pointsEarned, pointsRedeemed: before.pointsRedeemed },
        newValues: { type: input.type, amountPence, description: input.description ?? null, pointsEarned: input.pointsEarned, pointsRedeemed: input.pointsRedeemed },
      },
      tx,
    );
    return tx.transaction.findUniqueOrThrow({ where: { id }, include: transactionInclude });
  });
  notifyPassChange([before.customerId]);
  emitTransactionEvents(businessId, { transactionId: id, customerIds: [before.customerId], change: "edited" }); // webhooks (issue 27)
  if (pointsDelta > 0) await checkTiersAfterCredit(businessId, [before.customerId], `transaction #${id} was corrected`, now); // a correction upwards counts towards the tier (issue 26)
  await notifyCustomerOfChange(before.customerId, "updated", `${before.type.replace(/_/g, " ")} of ${before.createdAt.toLocaleDateString("en-GB", { timeZone: "Europe/London" })}`);
  return toTransactionDto(updated);
}

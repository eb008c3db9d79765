import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { confirmActorPassword } from "@/lib/auth/confirm-actor-password";
import { logActivity } from "@/lib/activity/log-activity";
import { applyPoints, lockCustomers } from "@/lib/ledger/apply-points";
import { getTransactionOrThrow } from "@/lib/transactions/get-transaction-or-throw";
import { notifyCustomerOfChange } from "@/lib/transactions/notify-customer-of-change";
import type { DeleteTransactionInput } from "@/lib/validation/transactions";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";
import { emitTransactionEvents } from "@/lib/outgoing-webhooks/emit-webhook-events";
import { checkTiersAfterCredit } from "@/lib/tiers/reward-after-purchase";

/** DELETE /api/transactions/{id}: the row is kept (marked deleted, with the reason) and reversing
 *  ledger entries undo its points and spend. A gift is reversed on both sides; a promo it used is
 *  live again. The reason 'other' needs a custom reason and the password (spec 5.3, with the
 *  inverted condition it notes fixed). */
export async function deleteTransaction(p: BusinessPrincipal, id: number, input: DeleteTransactionInput, now = new Date()) {
  const businessId = p.businessId;
  const before = await getTransactionOrThrow(businessId, id);
  if (input.reason === "other") await confirmActorPassword(p, input.password, now);

  await db.$transaction(async (tx) => {
    await lockCustomers(tx, businessId, [before.customerId, before.recipientCustomerId]); // the ledger's lock order
    const res = await tx.transaction.updateMany({
      where: { id, businessId, deletedAt: null },
      data: { deletedAt: now, deleteReason: input.reason, deleteCustomReason: input.reason === "other" ? input.customReason : null, updatedAt: now },
    });
    if (res.count !== 1) throw conflict("This transaction has already been deleted");
    const reason = `transaction #${id} deleted (${input.reason === "other" ? input.customReason : input.reason.replace(/_/g, " ")})`;
    const reversal = { businessId, transactionId: id, kind: "reversal" as const, reason, actor: p.actor, now };
    if (before.type === "gift_points" && before.recipientCustomerId) {
      await applyPoints(tx, { ...reversal, customerId: before.recipientCustomerId, points: -before.pointsRedeemed, insufficientMessage: "The recipient has already used these points, so the gift cannot be reversed" });
      await applyPoints(tx, { ...reversal, customerId: before.customerId, points: before.pointsRedeemed });
    } else {
      await applyPoints(tx, {
        ...reversal,
        customerId: before.customerId,
        points: before.pointsRedeemed - before.pointsEarned,
        spendPence: before.type === "purchase" ? -before.amountPence : 0,
        insufficientMessage: "The customer has already used points from this transaction, so deleting it would take their balance below zero",
      });
    }
    if (before.voucherId) {
      await tx.voucher.updateMany({ where: { id: before.voucherId, status: "redeemed" }, data: { status: "active", isActive: true, redeemedAt: null } });
    }
    await logActivity(
      {
        businessId,
        actor: p.actor,
        action: "transaction_deleted",
        description: `Deleted transaction #${id}: ${reason}`,
        tableName: "transactions",
        recordId: id,
        oldValues: { type: before.type, amountPence: before.amountPence, pointsEarned: before.pointsEarned, pointsRedeemed: before.pointsRedeemed },
        newValues: { deletedAt: now.toISOString(), reason: input.reason, customReason: input.customReason ?? null },
      },
      tx,
    );
  });
  notifyPassChange([before.customerId, before.recipientCustomerId]);
  emitTransactionEvents(p.businessId, { transactionId: id, customerIds: [before.customerId, before.recipientCustomerId], change: "deleted" }); // webhooks (issue 27)
  // A deleted redemption or gift gives points back to spend, not lifetime points
  // (lib/tiers/read-tier-measure.ts); a deleted negative adjustment gives lifetime points back.
  const measureUp = before.type !== "points_redemption" && before.type !== "gift_points" && before.pointsRedeemed > before.pointsEarned;
  if (measureUp) await checkTiersAfterCredit(businessId, [before.customerId], `transaction #${id} was deleted`, now);
  await notifyCustomerOfChange(before.customerId, "removed", `${before.type.replace(/_/g, " ")} of ${before.createdAt.toLocaleDateString("en-GB", { timeZone: "Europe/London" })}`);
  if (before.type === "gift_points" && before.recipientCustomerId) await notifyCustomerOfChange(before.recipientCustomerId, "removed", "a gift of points");
  return { message: "transaction deleted" };
}

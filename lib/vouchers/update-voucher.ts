import "server-only";
import { db } from "@/lib/db";
import { badRequest, conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { cannotEditMessage, effectiveVoucherStatus, voucherBlockReason } from "@/lib/rules/vouchers";
import type { UpdateVoucher } from "@/lib/validation/vouchers";
import { changeActiveVoucher } from "@/lib/vouchers/change-active-voucher";
import { toVoucherDto } from "@/lib/vouchers/voucher-dto";
import { getVoucherOrThrow } from "@/lib/vouchers/get-voucher-or-throw";
import { sendVoucherEmail } from "@/lib/vouchers/distribute-vouchers";
import { checkExpiryDay } from "@/lib/vouchers/check-expiry";
import { voucherTermColumns } from "@/lib/vouchers/voucher-columns";

// PUT /api/vouchers/{id} (spec 5.8): only an active voucher may change; the code and the recipient
// are locked; the expiry is 23:59:59 UK time of the chosen day. The update is guarded on the
// status, so a voucher redeemed at the till a moment earlier is not changed under the customer.
// The customer is emailed the new details when they consented to email.

export const EXPIRY_FUTURE_MESSAGE = "expiry date must be in the future";

export async function updateVoucher(auth: BusinessPrincipal, id: number, input: UpdateVoucher, now: Date) {
  const businessId = auth.businessId;
  const before = await getVoucherOrThrow(businessId, id);
  if (input.promoCode != null && input.promoCode.trim().toUpperCase() !== before.promoCode) throw badRequest("the promo code cannot be changed");
  if (input.customerId != null && input.customerId !== before.customerId) throw badRequest("the recipient cannot be changed");
  const status = effectiveVoucherStatus(before, now);
  if (status !== "active") throw conflict(cannotEditMessage(status));
  checkExpiryDay(input.expiresAt, now, EXPIRY_FUTURE_MESSAGE);

  const data = voucherTermColumns(input, before.maxDiscountPence);

  await db.$transaction(async (tx) => {
    await changeActiveVoucher(tx, businessId, id, now, data, cannotEditMessage);
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "voucher_updated",
        description: `Updated voucher "${input.title}" (${before.promoCode}) for ${before.customer.name}`,
        tableName: "vouchers",
        recordId: id,
        oldValues: {
          title: before.title,
          description: before.description,
          discountType: before.discountType,
          discountValue: Number(before.discountValue),
          minSpendPence: before.minSpendPence,
          expiresAt: before.expiresAt?.toISOString() ?? null,
        },
        newValues: { ...data, discountValue: input.discountValue, expiresAt: data.expiresAt.toISOString() },
      },
      tx,
    );
  });

  const after = await getVoucherOrThrow(businessId, id);
  let emailSent = false;
  if (after.customer.marketingConsentEmail && voucherBlockReason(after.customer) === null) {
    const result = await sendVoucherEmail(
      { ...after, discountValue: Number(after.discountValue), customer: after.customer },
      auth.business.name,
      "updated",
    );
    emailSent = result.status === "sent";
  }
  return {
    voucher: toVoucherDto(after, now),
    emailSent,
    message: emailSent ? "voucher updated successfully and customer notified" : "voucher updated successfully",
  };
}

import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { cannotCancelMessage, effectiveVoucherStatus } from "@/lib/rules/vouchers";
import { toVoucherDto } from "@/lib/vouchers/voucher-dto";
import { getVoucherOrThrow } from "@/lib/vouchers/get-voucher-or-throw";
import { changeActiveVoucher } from "@/lib/vouchers/change-active-voucher";

// DELETE /api/vouchers/{id} (spec 4.2): cancels an active voucher (status 'cancelled', inactive);
// the row stays for the history. Guarded on the status, like an edit.

export async function cancelVoucher(auth: BusinessPrincipal, id: number, now: Date) {
  const businessId = auth.businessId;
  const before = await getVoucherOrThrow(businessId, id);
  const status = effectiveVoucherStatus(before, now);
  if (status !== "active") throw conflict(cannotCancelMessage(status));

  await db.$transaction(async (tx) => {
    await changeActiveVoucher(tx, businessId, id, now, { status: "cancelled", isActive: false }, cannotCancelMessage);
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "voucher_cancelled",
        description: `Cancelled voucher "${before.title}" (${before.promoCode}) for ${before.customer.name}`,
        tableName: "vouchers",
        recordId: id,
        oldValues: { status: before.status },
        newValues: { status: "cancelled" },
      },
      tx,
    );
  });

  const after = await getVoucherOrThrow(businessId, id);
  return { message: "voucher deleted", voucher: toVoucherDto(after, now) };
}

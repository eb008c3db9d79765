import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import { effectiveVoucherStatus } from "@/lib/rules/vouchers";
import { activeVoucherWhere } from "@/lib/vouchers/usable-voucher";
import { getVoucherOrThrow } from "@/lib/vouchers/get-voucher-or-throw";

/** Writes `data` to the voucher only while it is still active, so a redemption at the till a moment
 *  earlier wins; otherwise throws the 409 that `refusal` words for the status it has now. */
export async function changeActiveVoucher(tx: Tx, businessId: number, id: number, now: Date, data: Prisma.VoucherUpdateManyMutationInput, refusal: (status: string) => string) {
  const changed = await tx.voucher.updateMany({ where: { id, businessId, ...activeVoucherWhere(now) }, data });
  if (changed.count === 0) {
    const current = await getVoucherOrThrow(businessId, id, tx);
    throw conflict(refusal(effectiveVoucherStatus(current, now)));
  }
}

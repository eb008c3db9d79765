import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

/** A voucher of this business with its customer; another business's voucher is "not found", like a missing one. */
export async function getVoucherOrThrow(businessId: number, id: number, tx: Tx = db) {
  const voucher = await tx.voucher.findFirst({
    where: { id, businessId },
    include: {
      customer: {
        select: { id: true, name: true, firstName: true, email: true, phone: true, accountStatus: true, sleepStatus: true, parkedAt: true, marketingConsentEmail: true, marketingConsentSms: true },
      },
    },
  });
  if (!voucher) throw notFound("Voucher not found");
  return voucher;
}
export type LoadedVoucher = Awaited<ReturnType<typeof getVoucherOrThrow>>;

import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { recordTransaction } from "@/lib/transactions/record-transaction";
import { toApiTransactionResult } from "@/lib/api-v1/api-dto";
import type { ApiKeyPrincipal } from "@/lib/api-keys/resolve-api-key";
import type { ApiTransactionBody } from "@/lib/api-v1/schemas";

/** POST /api/v1/transactions: the app's own recordTransaction (same rules, limits and messages),
 *  with the API key as the actor. `at` stamps the rows (the Idempotency-Key claim's time). */
export async function recordApiTransaction(p: ApiKeyPrincipal, body: ApiTransactionBody, at: Date) {
  const input = body.type === "purchase" ? { ...body, promoCode: null } : body;
  const result = await recordTransaction(p.businessId, input, p.actor, at);
  return { status: 201, body: toApiTransactionResult(result) };
}

export const VOUCHER_NOT_FOUND = "voucher not found";

/** POST /api/v1/vouchers/{id}/redeem: a purchase with the voucher's promo code, exactly as the till
 *  screen records one (minimum spend, discount, expiry and the one-use rule are checked there). */
export async function redeemApiVoucher(p: ApiKeyPrincipal, voucherId: number, body: { amount: number }, at: Date) {
  const voucher = await db.voucher.findFirst({ where: { id: voucherId, businessId: p.businessId }, select: { customerId: true, promoCode: true } });
  if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
  const result = await recordTransaction(p.businessId, { type: "purchase", customerId: voucher.customerId, amount: body.amount, promoCode: voucher.promoCode, description: null }, p.actor, at);
  return { status: 201, body: toApiTransactionResult(result) };
}

import { apiKeyRoute } from "@/lib/api/route";
import { redeemVoucherBody, voucherParams } from "@/lib/api-v1/schemas";
import { runIdempotent } from "@/lib/api-keys/idempotency";
import { redeemApiVoucher } from "@/lib/api-v1/record-api-transaction";

// POST /api/v1/vouchers/{id}/redeem - record a purchase with the voucher applied, once per Idempotency-Key (API key, write)
export const POST = apiKeyRoute({ params: voucherParams, body: redeemVoucherBody }, ({ auth, req, params, body, now }) =>
  runIdempotent(auth, req, body, now, (at) => redeemApiVoucher(auth, params.id, body, at)),
);

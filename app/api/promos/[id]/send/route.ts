import { businessRoute, idParam } from "@/lib/api/route";
import { sendVoucherSchema } from "@/lib/validation/vouchers";
import { sendVoucherAgain } from "@/lib/vouchers/send-voucher";

// POST /api/promos/{id}/send - send one live voucher again by email or SMS
export const POST = businessRoute({ params: idParam, body: sendVoucherSchema }, ({ auth, params, body, now }) => sendVoucherAgain(auth, params.id, body, now));

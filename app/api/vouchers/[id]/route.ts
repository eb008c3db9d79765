import { businessRoute, idParam } from "@/lib/api/route";
import { updateVoucherSchema } from "@/lib/validation/vouchers";
import { updateVoucher } from "@/lib/vouchers/update-voucher";
import { cancelVoucher } from "@/lib/vouchers/cancel-voucher";

// PUT /api/vouchers/{id} - edit an active voucher (code and recipient locked) and email the customer
export const PUT = businessRoute({ params: idParam, body: updateVoucherSchema }, ({ auth, params, body, now }) => updateVoucher(auth, params.id, body, now));

// DELETE /api/vouchers/{id} - cancel an active voucher
export const DELETE = businessRoute({ params: idParam }, ({ auth, params, now }) => cancelVoucher(auth, params.id, now));

import { businessRoute } from "@/lib/api/route";
import { createVoucherSchema } from "@/lib/validation/vouchers";
import { listVouchers } from "@/lib/vouchers/list-vouchers";
import { createVouchers } from "@/lib/vouchers/create-vouchers";

// GET /api/promos - the business's vouchers (one per customer), newest first
export const GET = businessRoute({}, ({ auth, now }) => listVouchers(auth.businessId, now));

// POST /api/promos - create a voucher for the selected customers and send it by email and/or SMS
export const POST = businessRoute({ body: createVoucherSchema, maxBodyBytes: 200_000 }, ({ auth, body, now }) => createVouchers(auth, body, now));

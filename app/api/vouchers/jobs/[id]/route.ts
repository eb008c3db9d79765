import { businessRoute, idParam } from "@/lib/api/route";
import { getVoucherSendJob } from "@/lib/vouchers/voucher-send-job-dto";

// GET /api/vouchers/jobs/{id} - one voucher send job's progress (404 for another business's job)
export const GET = businessRoute({ params: idParam }, ({ auth, params }) => getVoucherSendJob(auth.businessId, params.id));

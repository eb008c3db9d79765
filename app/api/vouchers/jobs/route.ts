import { businessRoute } from "@/lib/api/route";
import { createVoucherJobSchema } from "@/lib/validation/vouchers";
import { createVoucherSendJob } from "@/lib/vouchers/create-voucher-send-job";
import { listVoucherSendJobs } from "@/lib/vouchers/voucher-send-job-dto";

// GET /api/vouchers/jobs - the business's voucher send jobs still running or finished in the last day (issue 23)
export const GET = businessRoute({}, ({ auth, now }) => listVoucherSendJobs(auth.businessId, now));

// POST /api/vouchers/jobs - send a voucher to many customers as a background job: 202 with the job (its progress at GET /api/vouchers/jobs/{id})
export const POST = businessRoute({ body: createVoucherJobSchema, maxBodyBytes: 200_000 }, async ({ auth, body, now }) =>
  Response.json(await createVoucherSendJob(auth, body, now), { status: 202 }),
);

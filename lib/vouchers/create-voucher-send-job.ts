import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { completeSetupSteps } from "@/lib/onboarding/complete-setup-steps";
import { runAfterResponse } from "@/lib/after-response";
import { formatVoucherDiscount } from "@/lib/rules/vouchers";
import type { CreateVoucherJob } from "@/lib/validation/vouchers";
import { eligibleCustomersWhere } from "@/lib/customers/list-eligible-customer-ids";
import { checkExpiryDay } from "@/lib/vouchers/check-expiry";
import { EXPIRY_PAST_MESSAGE } from "@/lib/vouchers/create-vouchers";
import { voucherColumns } from "@/lib/vouchers/voucher-columns";
import { processVoucherSendJob } from "@/lib/vouchers/process-voucher-send-jobs";
import { toVoucherSendJobDto } from "@/lib/vouchers/voucher-send-job-dto";

// POST /api/vouchers/jobs (issue 23): a voucher for many customers (up to the whole list) as a
// background job. The browser sends the voucher and how its recipients are chosen ("all eligible"
// for the channels, narrowed by the search, less the ones unticked, plus any picked by hand), never
// 20,000 ids; the recipients are resolved here in one INSERT ... SELECT into the job's recipient
// rows, in the transaction that creates the job. Processing starts after the response
// (runAfterResponse) and the voucher-sends cron picks up whatever is left, so a small send is done
// at once and a large one carries on across instances (lib/vouchers/process-voucher-send-jobs.ts).

export const NO_RECIPIENTS_MESSAGE = "no customer can receive this voucher on the chosen channels";

export async function createVoucherSendJob(auth: BusinessPrincipal, input: CreateVoucherJob, now: Date, opts: { start?: boolean } = {}) {
  checkExpiryDay(input.expiresAt, now, EXPIRY_PAST_MESSAGE);
  const businessId = auth.businessId;
  const channels = { sendEmail: input.sendEmail, sendSms: input.sendSms };
  const picked = input.customerIds ?? [];
  const except = input.exceptCustomerIds ?? [];
  const batchId = randomUUID();

  const job = await db.$transaction(
    async (tx) => {
      if (picked.length) {
        const found = await tx.customer.count({ where: { businessId, id: { in: picked } } });
        if (found !== picked.length) throw notFound("Customer not found");
      }
      const created = await tx.voucherSendJob.create({
        data: {
          businessId,
          batchId,
          ...voucherColumns(input),
          sendEmail: input.sendEmail,
          sendSms: input.sendSms,
          audience: { allEligible: input.allEligible, q: input.q ?? null, exceptCount: except.length, pickedCount: picked.length },
          total: 0,
          createdBy: auth.actor.name,
          createdAt: now,
        },
      });
      const params: unknown[] = [businessId, created.id];
      const chosen: string[] = [];
      if (input.allEligible) {
        const eligible = eligibleCustomersWhere({ q: input.q, ...channels }, params);
        params.push(except);
        chosen.push(`(${eligible} AND NOT (c.id = ANY($${params.length}::int[])))`);
      }
      if (picked.length) {
        params.push(picked);
        chosen.push(`c.id = ANY($${params.length}::int[])`);
      }
      const total = await tx.$executeRawUnsafe(
        `INSERT INTO voucher_send_job_recipients ("jobId", "customerId") SELECT $2, c.id FROM customers c WHERE c."businessId" = $1 AND (${chosen.join(" OR ")})`,
        ...params,
      );
      if (total === 0) throw badRequest(NO_RECIPIENTS_MESSAGE);
      const via = [channels.sendEmail && "email", channels.sendSms && "SMS"].filter(Boolean).join(" and ");
      await logActivity(
        {
          businessId,
          actor: auth.actor,
          action: "voucher_batch_created",
          description: `Started sending voucher "${input.title}" (${input.promoCode}, ${formatVoucherDiscount(input.discountType, input.discountValue)}) to ${total.toLocaleString("en-GB")} customer${total === 1 ? "" : "s"} by ${via}`,
          tableName: "voucher_send_jobs",
          recordId: String(created.id),
          newValues: { batchId, jobId: created.id, promoCode: input.promoCode, recipients: total, allEligible: input.allEligible, q: input.q ?? null, sendEmail: input.sendEmail, sendSms: input.sendSms },
        },
        tx,
      );
      await completeSetupSteps(tx, businessId, ["create_voucher"], now);
      return tx.voucherSendJob.update({ where: { id: created.id }, data: { total } });
    },
    { timeout: 30_000 },
  );

  if (opts.start !== false) runAfterResponse("voucher-send-job", () => processVoucherSendJob(job.id, { now: () => new Date() }));
  return toVoucherSendJobDto(job);
}

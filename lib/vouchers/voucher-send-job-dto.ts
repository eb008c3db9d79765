import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { VoucherSendJob } from "@/generated/prisma/client";

// GET /api/vouchers/jobs and /api/vouchers/jobs/{id} (issue 23): a voucher send job's progress as
// the voucher hub shows it. Always the caller's business's own jobs: another's is a 404.

export type VoucherSendJobDto = {
  id: number;
  batchId: string;
  title: string;
  promoCode: string;
  sendEmail: boolean;
  sendSms: boolean;
  status: string;
  total: number;
  sent: number;
  skipped: number;
  failed: number;
  /** sent + skipped + failed: the recipients whose turn has come */
  processed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export function toVoucherSendJobDto(j: VoucherSendJob): VoucherSendJobDto {
  return {
    id: j.id,
    batchId: j.batchId,
    title: j.title,
    promoCode: j.promoCode,
    sendEmail: j.sendEmail,
    sendSms: j.sendSms,
    status: j.status,
    total: j.total,
    sent: j.sent,
    skipped: j.skipped,
    failed: j.failed,
    processed: j.sent + j.skipped + j.failed,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

export async function getVoucherSendJob(businessId: number, id: number): Promise<VoucherSendJobDto> {
  const job = await db.voucherSendJob.findFirst({ where: { id, businessId } });
  if (!job) throw notFound("Voucher send job not found");
  return toVoucherSendJobDto(job);
}

/** How long a finished job stays in the hub's list. */
const RECENT_MS = 24 * 60 * 60 * 1000;

/** The hub's list: every job still running, and those finished in the last day, newest first. */
export async function listVoucherSendJobs(businessId: number, now: Date): Promise<VoucherSendJobDto[]> {
  const jobs = await db.voucherSendJob.findMany({
    where: { businessId, OR: [{ status: { in: ["queued", "running"] } }, { finishedAt: { gt: new Date(now.getTime() - RECENT_MS) } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
  });
  return jobs.map(toVoucherSendJobDto);
}

import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/generated/prisma/client";
import type { LogPageQuery } from "@/lib/validation/account";
import type { EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";

/** GET /api/business/email-logs: the business's emails (real or simulated), newest first. */
export async function listEmailLogs(businessId: number, page: LogPageQuery): Promise<LogPage<EmailLogDto>> {
  const scope: Prisma.OutboundMessageWhereInput = { businessId, channel: "email" };
  let cursor: Prisma.OutboundMessageWhereInput = {};
  if (page.before) {
    const at = await db.outboundMessage.findFirst({ where: { ...scope, id: page.before }, select: { sentAt: true } });
    cursor = at ? { OR: [{ sentAt: { lt: at.sentAt } }, { sentAt: at.sentAt, id: { lt: page.before } }] } : { id: { lt: page.before } };
  }
  const rows = await db.outboundMessage.findMany({
    where: { AND: [scope, cursor] },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
    select: { id: true, recipient: true, emailType: true, subject: true, status: true, simulated: true, sentAt: true, customer: { select: { id: true, name: true } } },
  });
  const more = rows.length > page.limit;
  const logs = rows.slice(0, page.limit).map((r) => ({
    id: r.id,
    recipientEmail: r.recipient,
    customer: r.customer,
    emailType: r.emailType,
    subject: r.subject,
    status: r.status,
    simulated: r.simulated,
    sentAt: r.sentAt.toISOString(),
  }));
  return { logs, nextBefore: more ? logs[logs.length - 1].id : null };
}

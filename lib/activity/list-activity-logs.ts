import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/generated/prisma/client";
import type { LogPageQuery } from "@/lib/validation/account";
import type { ActivityLogDto, LogPage } from "@/lib/activity/activity-log-dto";

const select = {
  id: true,
  action: true,
  description: true,
  tableName: true,
  recordId: true,
  oldValues: true,
  newValues: true,
  actorType: true,
  actorName: true,
  createdAt: true,
} satisfies Prisma.ActivityLogSelect;

export function toActivityLogDto(r: Prisma.ActivityLogGetPayload<{ select: typeof select }>): ActivityLogDto {
  return {
    id: r.id,
    action: r.action,
    description: r.description,
    tableName: r.tableName,
    recordId: r.recordId,
    oldValues: r.oldValues ?? null,
    newValues: r.newValues ?? null,
    actorType: r.actorType,
    actorName: r.actorName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/business/activity-logs: who did what in the business, newest first. */
export async function listActivityLogs(businessId: number, page: LogPageQuery, extra: Prisma.ActivityLogWhereInput = {}): Promise<LogPage<ActivityLogDto>> {
  const scope: Prisma.ActivityLogWhereInput = { businessId, ...extra };
  let cursor: Prisma.ActivityLogWhereInput = {};
  if (page.before) {
    const at = await db.activityLog.findFirst({ where: { ...scope, id: page.before }, select: { createdAt: true } });
    cursor = at ? { OR: [{ createdAt: { lt: at.createdAt } }, { createdAt: at.createdAt, id: { lt: page.before } }] } : { id: { lt: page.before } };
  }
  const rows = await db.activityLog.findMany({ where: { AND: [scope, cursor] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: page.limit + 1, select });
  const more = rows.length > page.limit;
  const logs = rows.slice(0, page.limit).map(toActivityLogDto);
  return { logs, nextBefore: more ? logs[logs.length - 1].id : null };
}

import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { countUnreadAdminMessages } from "@/lib/admin-messages/list-unread-admin-messages";
import { toActivityLogDto } from "@/lib/activity/list-activity-logs";
import type { ActivityLogDto } from "@/lib/activity/activity-log-dto";

// GET /api/notifications (spec 3 section 7 names it, nothing more). Ours answers what needs the
// owner's attention: unread messages from the team, support chats whose newest message is a reply
// from support, and what others did in the business in the last 7 days (staff, the super admin,
// customers, the system): things the owner did not do themselves.

export const RECENT_ACTIVITY_DAYS = 7;
export const RECENT_ACTIVITY_SHOWN = 5;

export type NotificationsDto = {
  unreadAdminMessages: number;
  supportReplies: number;
  recentActivity: ActivityLogDto[];
  /** unreadAdminMessages + supportReplies: the number on a bell. */
  count: number;
};

export async function getNotifications(businessId: number, now: Date): Promise<NotificationsDto> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { createdAt: true } });
  if (!business) throw notFound("Business not found");
  const unreadAdminMessages = await countUnreadAdminMessages(businessId, business.createdAt);
  const open = await db.chatSession.findMany({
    where: { businessId, status: { not: "closed" } },
    select: { messages: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { isUser: true } } },
  });
  const supportReplies = open.filter((s) => s.messages[0] && !s.messages[0].isUser).length;
  const since = new Date(now.getTime() - RECENT_ACTIVITY_DAYS * 24 * 60 * 60 * 1000);
  const recent = await db.activityLog.findMany({
    where: { businessId, actorType: { not: "owner" }, action: { not: "api_call" }, createdAt: { gte: since } }, // a till's API calls (issue 27) would crowd out the team's activity
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_ACTIVITY_SHOWN,
  });
  return { unreadAdminMessages, supportReplies, recentActivity: recent.map(toActivityLogDto), count: unreadAdminMessages + supportReplies };
}

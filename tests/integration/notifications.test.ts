/** @jest-environment node */
import { GET as notifications } from "@/app/api/notifications/route";
import { POST as createSession } from "@/app/api/chat/sessions/route";
import { db } from "@/lib/db";
import type { NotificationsDto } from "@/lib/account/get-notifications";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

// Admin messages are platform-wide, so their part of the count is tested in
// admin-messages.serial.test.ts; here: support replies and recent activity by others.

const get = (cookie: string, headers?: Record<string, string>) => call<NotificationsDto>(notifications, { cookie, path: "/api/notifications", headers });

describe("GET /api/notifications", () => {
  it("counts chats waiting on the owner and lists what others did in the last 7 days", async () => {
    const biz = await createBusinessSession();
    const before = await get(biz.cookie);
    expect(before.status).toBe(200);
    expect(before.json.supportReplies).toBe(0);
    expect(before.json.recentActivity).toEqual([]); // the owner's own sign-up is not news
    expect(before.json.count).toBe(before.json.unreadAdminMessages);

    const chat = await call<{ id: number }>(createSession, { method: "POST", cookie: biz.cookie, body: { type: "message", subject: "Support Request", initialMessage: "Hello" } });
    expect((await get(biz.cookie)).json.supportReplies).toBe(0); // the owner spoke last
    await db.chatMessage.create({ data: { sessionId: chat.json.id, content: "Hi, how can we help?", isUser: false, senderName: "Support" } });
    await db.activityLog.create({ data: { businessId: biz.businessId, actorType: "staff", actorName: "till1", action: "transaction_created", description: "Recorded a purchase" } });
    await db.activityLog.create({ data: { businessId: biz.businessId, actorType: "system", action: "old_news", description: "long ago", createdAt: new Date(Date.now() - 8 * 86_400_000) } });

    const after = await get(biz.cookie);
    expect(after.json.supportReplies).toBe(1);
    expect(after.json.recentActivity.map((a) => [a.action, a.actorType, a.actorName])).toEqual([["transaction_created", "staff", "till1"]]);
    expect(after.json.count).toBe(after.json.unreadAdminMessages + 1);

    await db.chatSession.update({ where: { id: chat.json.id }, data: { status: "closed" } });
    expect((await get(biz.cookie)).json.supportReplies).toBe(0);
  });

  it("is per business and needs a session", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    await db.activityLog.create({ data: { businessId: a.businessId, actorType: "admin", actorName: "Super", action: "business_updated", description: "Changed by admin" } });
    expect((await get(b.cookie)).json.recentActivity).toEqual([]);
    expect((await get(a.cookie)).json.recentActivity).toHaveLength(1);
    expect((await get("")).status).toBe(401);
  });
});

/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { GET as unread } from "@/app/api/admin-messages/unread/route";
import { POST as markRead } from "@/app/api/admin-messages/[id]/read/route";
import { GET as notifications } from "@/app/api/notifications/route";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import type { AdminMessageDto } from "@/lib/admin-messages/list-unread-admin-messages";
import type { NotificationsDto } from "@/lib/account/get-notifications";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

// Serial: admin messages go to every business on the platform.

const getUnread = (cookie: string) => call<AdminMessageDto[]>(unread, { cookie, path: "/api/admin-messages/unread" });
const read = (cookie: string, id: number | string) => call(markRead, { method: "POST", cookie, params: { id: String(id) } });
const message = (title: string, createdAt?: Date) => db.adminMessage.create({ data: { title, content: `${title} content`, ...(createdAt ? { createdAt } : {}) } });

describe("admin messages (business side)", () => {
  it("lists the messages sent since the business signed up that it has not read, oldest first", async () => {
    const before = await message("Before you joined", new Date(Date.now() - 86_400_000));
    const biz = await createBusinessSession();
    const first = await message("Welcome to the beta");
    const second = await message("New feature: vouchers");

    const res = await getUnread(biz.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: first.id, title: "Welcome to the beta", content: "Welcome to the beta content", createdAt: first.createdAt.toISOString() },
      { id: second.id, title: "New feature: vouchers", content: "New feature: vouchers content", createdAt: second.createdAt.toISOString() },
    ]);
    expect(res.json.map((m) => m.id)).not.toContain(before.id);
  });

  it("marks a message read, idempotently, for this business only", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const msg = await message("Maintenance on Sunday");

    const ok = await read(a.cookie, msg.id);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ message: "Message marked as read", id: msg.id, recorded: true });
    expect((await read(a.cookie, msg.id)).status).toBe(200);
    expect(await db.adminMessageRead.count({ where: { messageId: msg.id, businessId: a.businessId } })).toBe(1);
    expect(await db.activityLog.count({ where: { businessId: a.businessId, action: "admin_message_read" } })).toBe(1);

    expect((await getUnread(a.cookie)).json.map((m) => m.id)).not.toContain(msg.id);
    expect((await getUnread(b.cookie)).json.map((m) => m.id)).toContain(msg.id);
  });

  it("answers 404 for unknown ids and for messages sent before the business signed up", async () => {
    const old = await message("Old news", new Date(Date.now() - 86_400_000));
    const biz = await createBusinessSession();
    const unknown = await read(biz.cookie, 999_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe("Message not found");
    expect((await read(biz.cookie, old.id)).status).toBe(404);
    expect((await read(biz.cookie, "abc")).status).toBe(400);
    expect(await db.adminMessageRead.count({ where: { businessId: biz.businessId } })).toBe(0);
  });

  it("does not mark the owner's messages read while a super admin is logged in as the business", async () => {
    const biz = await createBusinessSession();
    const msg = await message("For owners");
    const admin = await db.superAdmin.create({ data: { email: `admin-${randomUUID().slice(0, 8)}@example.test`, name: "Ada Admin", passwordHash: "x" } });
    const session = await createSession({ kind: "admin", superAdminId: admin.id, actingBusinessId: biz.businessId });
    const cookie = `${sessionCookieName()}=${session.cookieValue}`;
    const res = await read(cookie, msg.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recorded: false });
    expect((await getUnread(biz.cookie)).json.map((m) => m.id)).toContain(msg.id);
  });

  it("counts unread messages in GET /api/notifications", async () => {
    const biz = await createBusinessSession();
    const get = () => call<NotificationsDto>(notifications, { cookie: biz.cookie });
    expect((await get()).json).toMatchObject({ unreadAdminMessages: 0, count: 0 });
    const msg = await message("Price change");
    await message("Another");
    expect((await get()).json).toMatchObject({ unreadAdminMessages: 2, count: 2 });
    await read(biz.cookie, msg.id);
    expect((await get()).json).toMatchObject({ unreadAdminMessages: 1, count: 1 });
  });

  it("needs a business session", async () => {
    expect((await getUnread("")).status).toBe(401);
    expect((await read("", 1)).status).toBe(401);
  });
});

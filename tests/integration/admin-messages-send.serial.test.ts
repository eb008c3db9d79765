/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { POST as sendMessage } from "@/app/api/admin/send-message/route";
import { GET as messageAudit } from "@/app/api/admin/message-audit/route";
import { GET as unread } from "@/app/api/admin-messages/unread/route";
import { POST as markRead } from "@/app/api/admin-messages/[id]/read/route";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import { readRatePercent, type MessageAuditRow } from "@/lib/admin-messages/admin-message-rules";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";

// Serial: a sent message goes to every business on the platform.

async function adminCookie() {
  const admin = await db.superAdmin.create({ data: { email: `admin-${randomUUID().slice(0, 8)}@example.test`, name: "Ada Admin", passwordHash: "x" } });
  const session = await createSession({ kind: "admin", superAdminId: admin.id });
  return { cookie: `${sessionCookieName()}=${session.cookieValue}`, adminId: admin.id };
}
const send = (cookie: string, body: Record<string, unknown>) => call<{ id: number; title: string; message?: string }>(sendMessage, { method: "POST", cookie, body });
const audit = (cookie: string) => call<MessageAuditRow[]>(messageAudit, { cookie });

describe("admin messages (super admin side)", () => {
  it("sends a message every business then sees as unread, recorded against the signed-in admin", async () => {
    const biz = await createBusinessSession();
    const { cookie, adminId } = await adminCookie();
    const res = await send(cookie, { title: "Scheduled maintenance", content: "Sunday 2am to 3am", adminId: 424242 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ title: "Scheduled maintenance", content: "Sunday 2am to 3am" });
    expect((await db.adminMessage.findUniqueOrThrow({ where: { id: res.json.id } })).adminId).toBe(adminId);
    expect(await db.activityLog.count({ where: { action: "admin_message_sent", recordId: String(res.json.id), actorType: "admin", actorId: adminId } })).toBe(1);

    const seen = await call<{ id: number; title: string }[]>(unread, { cookie: biz.cookie });
    expect(seen.json.map((m) => m.title)).toContain("Scheduled maintenance");
  });

  it("needs a title and content", async () => {
    const { cookie } = await adminCookie();
    const noTitle = await send(cookie, { title: "  ", content: "Body" });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.message).toBe("Title is required");
    const noContent = await send(cookie, { title: "Hello" });
    expect(noContent.status).toBe(400);
    expect(noContent.json.message).toBe("Content is required");
  });

  it("reports read and unread counts per message for the businesses that were there when it was sent", async () => {
    await db.adminMessageRead.deleteMany({});
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const { cookie } = await adminCookie();
    const sent = await send(cookie, { title: "Read me", content: "Please" });
    const later = await createBusinessSession();
    expect((await call(markRead, { method: "POST", cookie: a.cookie, params: { id: String(sent.json.id) } })).status).toBe(200);
    expect((await call(markRead, { method: "POST", cookie: b.cookie, params: { id: String(sent.json.id) } })).status).toBe(200);

    const total = await db.business.count({ where: { accountStatus: { not: "deleted" }, id: { not: later.businessId } } });
    const res = await audit(cookie);
    expect(res.status).toBe(200);
    const row = res.json.find((m) => m.id === sent.json.id);
    expect(row).toEqual({ id: sent.json.id, title: "Read me", content: "Please", createdAt: expect.any(String), totalBusinesses: total, readCount: 2, unreadCount: total - 2 });
    expect(res.json[0].id).toBe(sent.json.id);
  });

  it("refuses owners and staff with 403", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    for (const cookie of [biz.cookie, staff.cookie]) {
      expect((await send(cookie, { title: "Hi", content: "There" })).status).toBe(403);
      expect((await audit(cookie)).status).toBe(403);
    }
    expect((await audit("")).status).toBe(401);
  });
});

describe("readRatePercent", () => {
  it("is readCount / totalBusinesses as a percentage with one decimal, 0 with no audience", () => {
    expect(readRatePercent(2, 8)).toBe(25);
    expect(readRatePercent(1, 3)).toBe(33.3);
    expect(readRatePercent(3, 3)).toBe(100);
    expect(readRatePercent(0, 0)).toBe(0);
  });
});

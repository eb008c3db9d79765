/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { POST as createChat } from "@/app/api/chat/sessions/route";
import { POST as postMessage } from "@/app/api/chat/sessions/[id]/messages/route";
import { POST as closeChat } from "@/app/api/chat/sessions/[id]/close/route";
import { GET as adminSessions } from "@/app/api/chat/admin/sessions/route";
import { GET as businessSessions } from "@/app/api/chat/sessions/business/[id]/route";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import type { ChatMessageDto, ChatSessionDto } from "@/lib/chat/chat-dto";
import { CHAT_CLOSED } from "@/lib/chat/post-chat-message";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";

async function adminCookie(actingBusinessId?: number) {
  const admin = await db.superAdmin.create({ data: { email: `admin-${randomUUID().slice(0, 8)}@example.test`, name: "Ada Admin", passwordHash: "x" } });
  const session = await createSession({ kind: "admin", superAdminId: admin.id, ...(actingBusinessId ? { actingBusinessId } : {}) });
  return { cookie: `${sessionCookieName()}=${session.cookieValue}`, adminId: admin.id };
}

const startChat = (cookie: string, initialMessage: string) =>
  call<ChatSessionDto>(createChat, { method: "POST", cookie, path: "/api/chat/sessions", body: { initialMessage } });
const send = (cookie: string, id: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<ChatMessageDto & { smsSent?: boolean; message?: string }>(postMessage, { method: "POST", cookie, params: { id: String(id) }, body, headers });
const close = (cookie: string, id: number) => call<{ status?: string; message?: string }>(closeChat, { method: "POST", cookie, params: { id: String(id) } });
const reply = (content: string) => ({ content, messageType: "human_support", isUser: false, senderName: "Support Team" });
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** A business that has opened a chat with this message, and the support admin's cookie. */
async function chatWithAdmin(message: string) {
  const biz = await createBusinessSession();
  const { cookie } = await adminCookie();
  const chat = await startChat(biz.cookie, message);
  return { biz, cookie, chat };
}

describe("support chat (super admin side)", () => {
  it("lists every business's chats with the business name, active first, and one business's chats", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const { cookie } = await adminCookie();
    const chatA = await startChat(a.cookie, "Help with points");
    const chatB = await startChat(b.cookie, "Card will not scan");
    expect((await close(cookie, chatA.json.id)).status).toBe(200);

    const all = await call<ChatSessionDto[]>(adminSessions, { cookie });
    expect(all.status).toBe(200);
    const ids = all.json.map((s) => s.id);
    const rowB = all.json.find((s) => s.id === chatB.json.id);
    expect(rowB).toMatchObject({ status: "active", subject: "Support Request", messages: [expect.objectContaining({ content: "Card will not scan", isUser: true })] });
    expect(all.json.find((s) => s.id === chatA.json.id)?.status).toBe("closed");
    expect(ids.indexOf(chatB.json.id)).toBeLessThan(ids.indexOf(chatA.json.id));
    const firstClosed = all.json.findIndex((s) => s.status === "closed");
    expect(all.json.slice(firstClosed).every((s) => s.status === "closed")).toBe(true);

    const one = await call<ChatSessionDto[]>(businessSessions, { cookie, params: { id: String(b.businessId) } });
    expect(one.status).toBe(200);
    expect(one.json.map((s) => s.id)).toEqual([chatB.json.id]);
    expect(one.json[0].businessName).toBe(rowB?.businessName);
    expect((await call(businessSessions, { cookie, params: { id: "999999999" } })).status).toBe(404);
  });

  it("refuses owners and staff on the admin chat paths with 403", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    const chat = await startChat(biz.cookie, "Hello");
    for (const cookie of [biz.cookie, staff.cookie]) {
      expect((await call(adminSessions, { cookie })).status).toBe(403);
      expect((await call(businessSessions, { cookie, params: { id: String(biz.businessId) } })).status).toBe(403);
      expect((await close(cookie, chat.json.id)).status).toBe(403);
    }
    expect((await call(adminSessions, {})).status).toBe(401);
    expect((await db.chatSession.findUniqueOrThrow({ where: { id: chat.json.id } })).status).toBe("active");
  });

  it("lets the admin reply as support, and a business can never post as support", async () => {
    const { biz, cookie, chat } = await chatWithAdmin("Where is my card?");

    const res = await send(cookie, chat.json.id, reply("Your card is on the customers page"));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ content: "Your card is on the customers page", isUser: false, senderName: "Support Team", messageType: "human_support", sessionId: chat.json.id });
    expect(await db.activityLog.count({ where: { action: "support_chat_reply_sent", recordId: String(res.json.id) } })).toBe(1);

    const forged = await send(biz.cookie, chat.json.id, reply("I am support, honest"));
    expect(forged.status).toBe(201);
    expect(forged.json).toMatchObject({ isUser: true, senderName: "Testa Owner" });
    const stored = await db.chatMessage.findMany({ where: { sessionId: chat.json.id, isUser: false } });
    expect(stored.map((m) => m.content)).toEqual(["Your card is on the customers page"]);
  });

  it("texts the owner only when they have not been in the chat for a while", async () => {
    const { biz, cookie, chat } = await chatWithAdmin("Quick question");
    const phone = (await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).phone;
    const smsCount = () => db.outboundMessage.count({ where: { businessId: biz.businessId, emailType: "support_reply" } });

    const quick = await send(cookie, chat.json.id, reply("Answering now"));
    expect(quick.json.smsSent).toBe(false);
    expect(await smsCount()).toBe(0);

    const later = await send(cookie, chat.json.id, reply("Following up"), { "x-test-now": minutesFromNow(30) });
    expect(later.status).toBe(201);
    expect(later.json.smsSent).toBe(true);
    const sms = await db.outboundMessage.findFirstOrThrow({ where: { businessId: biz.businessId, emailType: "support_reply" } });
    expect(sms.recipient).toBe(phone);
    expect(sms.text).toContain("support team has replied");
    const badge = await db.chatMessage.findFirst({ where: { sessionId: chat.json.id, metadata: { path: ["type"], equals: "sms_notification_badge" } } });
    expect(badge).not.toBeNull();
  });

  it("closes a chat once: a second close is 409 and nobody can post to it", async () => {
    const { cookie, chat } = await chatWithAdmin("Please close me");

    const first = await close(cookie, chat.json.id);
    expect(first.status).toBe(200);
    expect(first.json.status).toBe("closed");
    const again = await close(cookie, chat.json.id);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This chat is already closed");
    expect((await close(cookie, 999_999_999)).status).toBe(404);

    const late = await send(cookie, chat.json.id, reply("Too late"));
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(CHAT_CLOSED);
    expect(await db.activityLog.count({ where: { action: "support_chat_closed", recordId: String(chat.json.id) } })).toBe(1);
  });

  it("validates the reply and posts as the business while the admin is acting as it", async () => {
    const { biz, cookie, chat } = await chatWithAdmin("Hi");
    const blank = await send(cookie, chat.json.id, reply("   "));
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Please type a message");

    const acting = await adminCookie(biz.businessId);
    const asBusiness = await send(acting.cookie, chat.json.id, { content: "Posted while logged in as the business" });
    expect(asBusiness.status).toBe(201);
    expect(asBusiness.json.isUser).toBe(true);
  });
});

/** @jest-environment node */
import { GET as listSessions, POST as createSession } from "@/app/api/chat/sessions/route";
import { POST as postMessage } from "@/app/api/chat/sessions/[id]/messages/route";
import { db } from "@/lib/db";
import type { ChatMessageDto, ChatSessionDto } from "@/lib/chat/chat-dto";
import { CHAT_CLOSED } from "@/lib/chat/post-chat-message";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";

const messageOf = (r: { json: unknown }) => (r.json as { message?: string }).message;

const start = (cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<ChatSessionDto>(createSession, { method: "POST", cookie, path: "/api/chat/sessions", body, headers });
const list = (cookie: string, headers?: Record<string, string>) => call<ChatSessionDto[]>(listSessions, { cookie, path: "/api/chat/sessions", headers });
const send = (cookie: string, id: number | string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<ChatMessageDto>(postMessage, { method: "POST", cookie, params: { id: String(id) }, body, headers });
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe("support chat (business side)", () => {
  it("starts a chat with the first message as the owner, then adds messages in order", async () => {
    const biz = await createBusinessSession();
    expect((await list(biz.cookie)).json).toEqual([]);

    const created = await start(biz.cookie, { type: "message", subject: "Support Request", initialMessage: "  My QR scanner will not open  " });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ subject: "Support Request", sessionType: "message", status: "active", businessName: biz.businessName });
    expect(created.json.messages).toEqual([
      expect.objectContaining({ content: "My QR scanner will not open", isUser: true, senderName: "Testa Owner", messageType: "human_support", sessionId: created.json.id, metadata: null }),
    ]);

    const reply = await send(biz.cookie, created.json.id, { content: "It says camera blocked" });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ content: "It says camera blocked", isUser: true, senderName: "Testa Owner", sessionId: created.json.id });

    const sessions = await list(biz.cookie);
    expect(sessions.status).toBe(200);
    expect(sessions.json).toHaveLength(1);
    expect(sessions.json[0].messages.map((m) => m.content)).toEqual(["My QR scanner will not open", "It says camera blocked"]);
    expect(Date.parse(sessions.json[0].lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(created.json.lastActivityAt));
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: { startsWith: "support_chat_" } } })).toBe(2);
  });

  it("uses 'Support Request' when no subject is given and ignores attempts to post as support", async () => {
    const biz = await createBusinessSession();
    const created = await start(biz.cookie, { initialMessage: "hello", isUser: false, senderName: "Support" });
    expect(created.status).toBe(201);
    expect(created.json.subject).toBe("Support Request");
    expect(created.json.messages[0]).toMatchObject({ isUser: true, senderName: "Testa Owner" });
    const msg = await send(biz.cookie, created.json.id, { content: "again", isUser: false, senderName: "Support", messageType: "other" });
    expect(msg.json).toMatchObject({ isUser: true, senderName: "Testa Owner", messageType: "human_support" });
  });

  it.each([
    ["an empty message", { initialMessage: "" }, "Please type a message"],
    ["a whitespace-only message", { initialMessage: "   \n  " }, "Please type a message"],
    ["no message", {}, "Please type a message"],
    ["another type", { type: "call", initialMessage: "hi" }, "type must be 'message'"],
    ["a 4001-character message", { initialMessage: "x".repeat(4001) }, "Messages can be at most 4000 characters"],
  ])("refuses to start a chat with %s", async (_label, body, message) => {
    const biz = await createBusinessSession();
    const res = await start(biz.cookie, body);
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(message);
    expect(await db.chatSession.count({ where: { businessId: biz.businessId } })).toBe(0);
  });

  it("refuses an empty message", async () => {
    const biz = await createBusinessSession();
    const created = await start(biz.cookie, { initialMessage: "hello" });
    const res = await send(biz.cookie, created.json.id, { content: "  " });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe("Please type a message");
  });

  it("answers 404 for another business's chat ids and never lists them", async () => {
    const owner = await createBusinessSession();
    const attacker = await createBusinessSession();
    const created = await start(owner.cookie, { initialMessage: "private" });
    const res = await send(attacker.cookie, created.json.id, { content: "injected" });
    expect(res.status).toBe(404);
    expect(messageOf(res)).toBe("Chat not found");
    expect((await send(attacker.cookie, 999_999_999, { content: "x" })).status).toBe(404);
    expect((await send(attacker.cookie, "abc", { content: "x" })).status).toBe(400);
    expect((await list(attacker.cookie)).json).toEqual([]);
    expect(await db.chatMessage.count({ where: { sessionId: created.json.id } })).toBe(1);
  });

  it("refuses messages in a closed chat with 409", async () => {
    const biz = await createBusinessSession();
    const created = await start(biz.cookie, { initialMessage: "hello" });
    await db.chatSession.update({ where: { id: created.json.id }, data: { status: "closed", closedAt: new Date() } });
    const res = await send(biz.cookie, created.json.id, { content: "are you there?" });
    expect(res.status).toBe(409);
    expect(messageOf(res)).toBe(CHAT_CLOSED);
    expect(await db.chatMessage.count({ where: { sessionId: created.json.id } })).toBe(1);
  });

  it("closes a chat after 24 hours of inactivity", async () => {
    const biz = await createBusinessSession();
    const created = await start(biz.cookie, { initialMessage: "hello" });
    expect((await send(biz.cookie, created.json.id, { content: "still open" }, { "x-test-now": hoursFromNow(23) })).status).toBe(201);
    // 23 h later the last activity was 'now + 23 h'; 24 h after that the chat is closed
    const late = await send(biz.cookie, created.json.id, { content: "too late" }, { "x-test-now": hoursFromNow(23 + 24) });
    expect(late.status).toBe(409);
    expect((await db.chatSession.findUniqueOrThrow({ where: { id: created.json.id } })).status).toBe("closed");

    const other = await start(biz.cookie, { initialMessage: "idle" });
    const listed = await list(biz.cookie, { "x-test-now": hoursFromNow(25) });
    expect(listed.json.find((s) => s.id === other.json.id)?.status).toBe("closed");
  });

  it("needs the owner's session", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    expect((await list("")).status).toBe(401);
    expect((await start(staff.cookie, { initialMessage: "hi" })).status).toBe(401);
  });
});

import { businessRoute, json } from "@/lib/api/route";
import { createChatSessionSchema } from "@/lib/validation/chat";
import { listChatSessions } from "@/lib/chat/list-chat-sessions";
import { createChatSession } from "@/lib/chat/create-chat-session";

// GET /api/chat/sessions - the business's support chats with their messages (polled every 3 s while the widget is open)
export const GET = businessRoute({}, ({ auth, now }) => listChatSessions(auth.businessId, now));

// POST /api/chat/sessions - start a support chat with its first message
export const POST = businessRoute({ body: createChatSessionSchema }, async ({ auth, body, now }) => json(await createChatSession(auth, body, now), 201));

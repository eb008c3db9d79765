import { adminRoute } from "@/lib/api/route";
import { listAdminChatSessions } from "@/lib/chat/list-admin-chat-sessions";

// GET /api/chat/admin/sessions - every business's support chats with businessName and messages, active first
export const GET = adminRoute({}, ({ now }) => listAdminChatSessions(now));

import { adminRoute, idParam } from "@/lib/api/route";
import { listBusinessChatSessionsForAdmin } from "@/lib/chat/list-admin-chat-sessions";

// GET /api/chat/sessions/business/{id} - one business's support chats (super admin)
export const GET = adminRoute({ params: idParam }, ({ params, now }) => listBusinessChatSessionsForAdmin(params.id, now));

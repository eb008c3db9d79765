import { adminRoute, idParam } from "@/lib/api/route";
import { closeChatSession } from "@/lib/chat/close-chat-session";

// POST /api/chat/sessions/{id}/close - the super admin closes a support chat (409 if already closed)
export const POST = adminRoute({ params: idParam }, ({ auth, params, now }) => closeChatSession(params.id, auth.actor, now));

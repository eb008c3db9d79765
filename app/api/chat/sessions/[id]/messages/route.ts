import { businessRoute, idParam, json } from "@/lib/api/route";
import { chatMessageSchema } from "@/lib/validation/chat";
import { postChatMessage } from "@/lib/chat/post-chat-message";

// POST /api/chat/sessions/{id}/messages - add a message to an open support chat (business side; the admin reply comes with the admin issue)
export const POST = businessRoute({ params: idParam, body: chatMessageSchema }, async ({ auth, params, body, now }) =>
  json(await postChatMessage({ kind: "business", businessId: auth.businessId, actor: auth.actor }, params.id, body.content, now), 201),
);

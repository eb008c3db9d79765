import { z } from "zod";
import { publicRoute, idParam, json, requireBusinessPrincipal } from "@/lib/api/route";
import { postChatMessage } from "@/lib/chat/post-chat-message";
import { postSupportReply } from "@/lib/chat/post-support-reply";
import { chatPostBodySchema, supportReplySchema } from "@/lib/chat/chat-message-body";

// Who is calling is settled before the body is validated: signed out is a 401, never a 400.
const anyObject = z.record(z.string(), z.unknown());

// POST /api/chat/sessions/{id}/messages - the business adds a message to its own open chat; a super admin (not acting as a business) replies as support to any open chat
export const POST = publicRoute({ params: idParam, body: anyObject }, async ({ auth, params, body: raw, now }) => {
  if (auth?.kind === "admin" && !auth.acting) {
    const reply = supportReplySchema.parse(raw);
    return json(await postSupportReply(auth, params.id, reply.content, reply.senderName, now), 201);
  }
  // Everyone else posts as the business (isUser true, the owner's name), whatever the body says.
  const business = await requireBusinessPrincipal(auth);
  const body = chatPostBodySchema.parse(raw);
  return json(await postChatMessage({ kind: "business", businessId: business.businessId, actor: business.actor }, params.id, body.content, now), 201);
});

import { z } from "zod";
import { publicRoute, idParam, json } from "@/lib/api/route";
import { ApiError, unauthorized } from "@/lib/api/errors";
import { asBusinessPrincipal } from "@/lib/auth/principal";
import { postChatMessage } from "@/lib/chat/post-chat-message";
import { postSupportReply } from "@/lib/chat/post-support-reply";
import { chatPostBodySchema, supportReplySchema } from "@/lib/chat/chat-message-body";

// POST /api/chat/sessions/{id}/messages - the business adds a message to its own open chat; a super admin (not acting as a business) replies as support to any open chat
// Who is calling is settled before the body is validated: signed out is a 401, never a 400.
const anyObject = z.record(z.string(), z.unknown());

export const POST = publicRoute({ params: idParam, body: anyObject }, async ({ auth, params, body: raw, now }) => {
  if (auth?.kind === "admin" && !auth.acting) {
    const reply = supportReplySchema.parse(raw);
    return json(await postSupportReply(auth, params.id, reply.content, reply.senderName, now), 201);
  }
  // Everyone else posts as the business (isUser true, the owner's name), whatever the body says.
  const business = await asBusinessPrincipal(auth);
  if (!business) throw unauthorized();
  if (business.maintenance && !business.adminMode) throw new ApiError("service_unavailable", "We'll be back soon: the service is down for maintenance.");
  const body = chatPostBodySchema.parse(raw);
  return json(await postChatMessage({ kind: "business", businessId: business.businessId, actor: business.actor }, params.id, body.content, now), 201);
});

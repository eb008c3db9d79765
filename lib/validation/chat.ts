import { z } from "zod";
import { CHAT_MESSAGE_MAX, SUPPORT_REQUEST_SUBJECT } from "@/lib/rules/chat";

// The support chat calls (spec 3 section 7). Unknown keys are dropped: a business cannot post as
// support (isUser, senderName and messageType are set by the server).

export const EMPTY_MESSAGE = "Please type a message";

export const chatContent = z
  .string({ error: EMPTY_MESSAGE })
  .trim()
  .min(1, EMPTY_MESSAGE)
  .max(CHAT_MESSAGE_MAX, `Messages can be at most ${CHAT_MESSAGE_MAX} characters`);

/** POST /api/chat/sessions {type: 'message', subject, initialMessage} */
export const createChatSessionSchema = z.object({
  type: z.literal("message", { error: "type must be 'message'" }).optional().default("message"),
  subject: z
    .string({ error: "subject must be text" })
    .trim()
    .max(120, "subject must be at most 120 characters")
    .optional()
    .transform((v) => v || SUPPORT_REQUEST_SUBJECT),
  initialMessage: chatContent,
});
export type CreateChatSessionInput = z.output<typeof createChatSessionSchema>;

/** POST /api/chat/sessions/{id}/messages {content} */
export const chatMessageSchema = z.object({ content: chatContent });

import { z } from "zod";
import { chatContent } from "@/lib/validation/chat";

// POST /api/chat/sessions/{id}/messages: the business sends {content} (anything else is ignored: the
// server sets isUser, senderName and messageType, so a business can never post as support); the
// super admin's support reply is {content, messageType: 'human_support', isUser: false, senderName}.
export const chatPostBodySchema = z.looseObject({ content: chatContent });

export const supportReplySchema = z.object({
  content: chatContent,
  messageType: z.literal("human_support", { error: "messageType must be 'human_support'" }).optional(),
  isUser: z.literal(false, { error: "isUser must be false for a support reply" }),
  senderName: z.string({ error: "senderName must be text" }).trim().max(80, "senderName must be at most 80 characters").optional(),
});

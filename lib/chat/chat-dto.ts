import type { ChatMessage, ChatSession } from "@/generated/prisma/client";

// Spec 3 section 3: 'Chat session' and 'Chat message'. No server-only import: the widget uses the types.

export type ChatMessageDto = {
  id: number;
  sessionId: number;
  content: string;
  messageType: string;
  isUser: boolean;
  senderName: string | null;
  createdAt: string;
  /** { type: 'system_message' | 'sms_notification_badge' } or null. */
  metadata: { type?: string } | null;
};

export type ChatSessionDto = {
  id: number;
  subject: string;
  sessionType: string;
  status: string;
  businessName: string;
  lastActivityAt: string;
  createdAt: string;
  messages: ChatMessageDto[];
};

export function toChatMessageDto(m: ChatMessage): ChatMessageDto {
  const meta = m.metadata && typeof m.metadata === "object" && !Array.isArray(m.metadata) ? (m.metadata as { type?: string }) : null;
  return { id: m.id, sessionId: m.sessionId, content: m.content, messageType: m.messageType, isUser: m.isUser, senderName: m.senderName, createdAt: m.createdAt.toISOString(), metadata: meta };
}

export function toChatSessionDto(s: ChatSession & { messages: ChatMessage[] }, businessName: string): ChatSessionDto {
  return {
    id: s.id,
    subject: s.subject,
    sessionType: s.sessionType,
    status: s.status,
    businessName,
    lastActivityAt: s.lastActivityAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    messages: s.messages.map(toChatMessageDto),
  };
}

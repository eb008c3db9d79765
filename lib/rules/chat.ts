// The support chat (spec 3 sections 4, 7 and 9). Pure: the widget and the API share these.

export const SUPPORT_REQUEST_SUBJECT = "Support Request";
export const CHAT_POLL_MS = 3000;
export const CHAT_NOTES_DELAY_MS = 500;
export const CHAT_IDLE_CLOSE_MS = 24 * 60 * 60 * 1000;
export const CHAT_MESSAGE_MAX = 4000;

/** The four notes appended locally 0.5 s after a chat starts (spec 3 section 4). */
export const CHAT_SYSTEM_NOTES = [
  "Thanks for your message! Our support team will reply within 24 hours.",
  "If you are logged out or have not seen our reply, we will send you an SMS to let you know.",
  "Chats are recorded for quality and training purposes.",
  "Chats close automatically after 24 hours of inactivity.",
] as const;

export type ChatStatus = "active" | "closed" | "escalated";

/** Closed, or idle for 24 hours (closed on the next read or write). */
export function isChatClosed(session: { status: string; lastActivityAt: Date | string }, now: Date): boolean {
  if (session.status === "closed") return true;
  return session.status === "active" && now.getTime() - new Date(session.lastActivityAt).getTime() >= CHAT_IDLE_CLOSE_MS;
}

/** Send is allowed for a non-blank message while nothing is pending (spec 3 section 5). */
export function canSendChatMessage(content: string, pending: boolean): boolean {
  return !pending && content.trim().length > 0;
}

// The admin message screens' rules (spec 3 sections 5 and 9). No zod here: the dashboard's first
// load imports this (issue 23); the request schema is admin-message-schema.ts.

/** Spec 3 section 9: read rate = readCount / totalBusinesses as a percentage (0 when nobody could read it). */
export function readRatePercent(readCount: number, totalBusinesses: number): number {
  if (totalBusinesses <= 0) return 0;
  return Math.round((readCount / totalBusinesses) * 1000) / 10;
}

/** The send button needs both a title and content (spec 3 section 5). */
export function canSendAdminMessage(title: string, content: string, pending = false): boolean {
  return !pending && title.trim().length > 0 && content.trim().length > 0;
}

export type MessageAuditRow = { id: number; title: string; content: string; createdAt: string; totalBusinesses: number; readCount: number; unreadCount: number };

import { z } from "zod";

// POST /api/admin/send-message {title, content, adminId}. adminId is accepted for the spec's
// payload but the sender is always the signed-in admin.
export const sendAdminMessageSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(120, "Title must be at most 120 characters"),
  content: z.string({ error: "Content is required" }).trim().min(1, "Content is required").max(5000, "Content must be at most 5000 characters"),
  adminId: z.unknown().optional(),
});
export type SendAdminMessageInput = z.output<typeof sendAdminMessageSchema>;

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

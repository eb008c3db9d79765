import { z } from "zod";

// POST /api/admin/send-message {title, content, adminId}. adminId is accepted for the spec's
// payload but the sender is always the signed-in admin.
export const sendAdminMessageSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(120, "Title must be at most 120 characters"),
  content: z.string({ error: "Content is required" }).trim().min(1, "Content is required").max(5000, "Content must be at most 5000 characters"),
  adminId: z.unknown().optional(),
});
export type SendAdminMessageInput = z.output<typeof sendAdminMessageSchema>;

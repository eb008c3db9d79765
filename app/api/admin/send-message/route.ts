import { adminRoute, json } from "@/lib/api/route";
import { sendAdminMessageSchema } from "@/lib/admin-messages/admin-message-schema";
import { sendAdminMessage } from "@/lib/admin-messages/send-admin-message";

// POST /api/admin/send-message - send a message to every business user
export const POST = adminRoute({ body: sendAdminMessageSchema }, async ({ auth, body, now }) => json(await sendAdminMessage(auth, body, now), 201));

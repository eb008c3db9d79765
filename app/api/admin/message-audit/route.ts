import { adminRoute } from "@/lib/api/route";
import { getMessageAudit } from "@/lib/admin-messages/get-message-audit";

// GET /api/admin/message-audit - sent messages with how many businesses have read them (polled every 30 s)
export const GET = adminRoute({}, () => getMessageAudit());

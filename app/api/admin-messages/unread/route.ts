import { businessRoute } from "@/lib/api/route";
import { listUnreadAdminMessages } from "@/lib/admin-messages/list-unread-admin-messages";

// GET /api/admin-messages/unread - the super admin's messages this business has not read yet (polled every 30 s)
export const GET = businessRoute({}, ({ auth }) => listUnreadAdminMessages(auth.businessId));

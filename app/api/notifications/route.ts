import { businessRoute } from "@/lib/api/route";
import { getNotifications } from "@/lib/account/get-notifications";

// GET /api/notifications - unread team messages, support replies waiting and what others did lately
export const GET = businessRoute({}, ({ auth, now }) => getNotifications(auth.businessId, now));

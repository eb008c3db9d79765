import { businessRoute, idParam } from "@/lib/api/route";
import { markAdminMessageRead } from "@/lib/admin-messages/mark-admin-message-read";

// POST /api/admin-messages/{id}/read - mark a message read ('got it' or close); idempotent
export const POST = businessRoute({ params: idParam }, ({ auth, params, now }) => markAdminMessageRead(auth, params.id, now));

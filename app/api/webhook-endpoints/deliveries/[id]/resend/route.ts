import { businessRoute, idParam } from "@/lib/api/route";
import { resendWebhookDelivery } from "@/lib/outgoing-webhooks/manage-webhook-endpoints";

// POST /api/webhook-endpoints/deliveries/{id}/resend - send a logged event again now
export const POST = businessRoute({ params: idParam }, ({ auth, params, now }) => resendWebhookDelivery(auth, params.id, now));

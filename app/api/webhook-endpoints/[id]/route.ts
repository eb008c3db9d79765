import { businessRoute, idParam } from "@/lib/api/route";
import { disableWebhookEndpoint } from "@/lib/outgoing-webhooks/manage-webhook-endpoints";

// DELETE /api/webhook-endpoints/{id} - remove an endpoint (its delivery log stays)
export const DELETE = businessRoute({ params: idParam }, ({ auth, params, now }) => disableWebhookEndpoint(auth, params.id, now));

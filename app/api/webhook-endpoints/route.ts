import { businessRoute, json } from "@/lib/api/route";
import { createWebhookEndpointSchema } from "@/lib/validation/api-keys";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/outgoing-webhooks/manage-webhook-endpoints";

// GET /api/webhook-endpoints - the business's webhook endpoints with their signing secrets
export const GET = businessRoute({}, ({ auth }) => listWebhookEndpoints(auth.businessId));

// POST /api/webhook-endpoints - add an endpoint for some event types
export const POST = businessRoute({ body: createWebhookEndpointSchema }, async ({ auth, body, now }) => json(await createWebhookEndpoint(auth, body, now), 201));

import { z } from "zod";
import { businessRoute } from "@/lib/api/route";
import { dbId } from "@/lib/validation/id";
import { listWebhookDeliveries } from "@/lib/outgoing-webhooks/manage-webhook-endpoints";

const query = z.object({ endpointId: dbId("Invalid endpoint id").optional() });

// GET /api/webhook-endpoints/deliveries - the delivery log, newest first (?endpointId=)
export const GET = businessRoute({ query }, ({ auth, query }) => listWebhookDeliveries(auth.businessId, query.endpointId));

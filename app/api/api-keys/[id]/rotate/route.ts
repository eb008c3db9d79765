import { businessRoute, idParam, json } from "@/lib/api/route";
import { rotateApiKey } from "@/lib/api-keys/manage-api-keys";

// POST /api/api-keys/{id}/rotate - a new key with the same name and scope; the old one stops working
export const POST = businessRoute({ params: idParam }, async ({ auth, params, now }) => json(await rotateApiKey(auth, params.id, now), 201));

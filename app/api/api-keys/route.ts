import { businessRoute, json } from "@/lib/api/route";
import { createApiKeySchema } from "@/lib/validation/api-keys";
import { createApiKey, listApiKeys } from "@/lib/api-keys/manage-api-keys";

// GET /api/api-keys - the business's API keys (name, scope, first characters, last used, revoked)
export const GET = businessRoute({}, ({ auth }) => listApiKeys(auth.businessId));

// POST /api/api-keys - create an API key; the key is in this answer only
export const POST = businessRoute({ body: createApiKeySchema }, async ({ auth, body, now }) => json(await createApiKey(auth, body, now), 201));

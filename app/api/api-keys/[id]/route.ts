import { businessRoute, idParam } from "@/lib/api/route";
import { revokeApiKey } from "@/lib/api-keys/manage-api-keys";

// DELETE /api/api-keys/{id} - revoke an API key (refused at once on every instance)
export const DELETE = businessRoute({ params: idParam }, ({ auth, params, now }) => revokeApiKey(auth, params.id, now));

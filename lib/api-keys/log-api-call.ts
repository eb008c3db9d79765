import "server-only";
import { logActivity } from "@/lib/activity/log-activity";
import { log } from "@/lib/log";
import type { ApiKeyPrincipal } from "@/lib/api-keys/resolve-api-key";

/** One activity row per API call, under the key's name ("API key "Till 1": POST /api/v1/transactions (201)").
 *  The route is the template (`/api/v1/customers/[id]/vouchers`), never a path value. A failure to
 *  write the row is logged and does not change the answer the till already has. */
export async function logApiCall(p: ApiKeyPrincipal, call: { method: string; route: string; status: number }): Promise<void> {
  try {
    await logActivity({
      businessId: p.businessId,
      actor: p.actor,
      action: "api_call",
      description: `${p.actor.name}: ${call.method} ${call.route} (${call.status})`,
      tableName: "api_keys",
      recordId: p.apiKeyId,
      newValues: { method: call.method, route: call.route, status: call.status },
    });
  } catch (e) {
    log.warn({ err: e, apiKeyId: p.apiKeyId }, "could not log the API call");
  }
}

import "server-only";
import { db } from "@/lib/db";
import { ApiError, forbidden, unauthorized } from "@/lib/errors/api-error";
import { BLOCKED_ACCOUNT_STATUSES } from "@/lib/auth/principal";
import type { Actor } from "@/lib/activity/actor";
import { enforceRateLimit } from "@/lib/rate-limit";
import { API_KEY_MESSAGES, API_KEY_RATE_LIMIT, bearerKey, hashApiKey, scopeAllows, scopeNeeded } from "@/lib/api-keys/api-key-rules";

/** Who calls /api/v1: one business's API key. The actor names the key, so every row it writes
 *  (transactions, ledger, activity) says which till did it. */
export type ApiKeyPrincipal = {
  kind: "api-key";
  apiKeyId: number;
  keyName: string;
  scope: string;
  businessId: number;
  actor: Actor;
  maintenance: boolean;
};

type KeyRow = { id: number; name: string; scope: string; businessId: number; accountStatus: string; maintenance: boolean | null };

/** The key's row is read on every call (a revoked key fails on the next request on every
 *  instance); lastUsedAt is moved at most once a minute, in the same statement. */
export async function resolveApiKey(authorization: string | null, now: Date): Promise<ApiKeyPrincipal> {
  if (!authorization) throw unauthorized(API_KEY_MESSAGES.missing);
  const key = bearerKey(authorization);
  if (!key) throw unauthorized(API_KEY_MESSAGES.invalid);
  const rows = await db.$queryRaw<KeyRow[]>`
    WITH k AS (
      SELECT k.id, k.name, k.scope, k."businessId", b."accountStatus"
      FROM api_keys k JOIN businesses b ON b.id = k."businessId"
      WHERE k."keyHash" = ${hashApiKey(key)} AND k."revokedAt" IS NULL
    ), touched AS (
      UPDATE api_keys SET "lastUsedAt" = ${now}
      WHERE id IN (SELECT id FROM k) AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${now}::timestamp - interval '1 minute')
    )
    SELECT k.*, (SELECT "maintenanceMode" FROM system_settings WHERE id = 1) AS maintenance FROM k`;
  const row = rows[0];
  if (!row) throw unauthorized(API_KEY_MESSAGES.invalid);
  if (BLOCKED_ACCOUNT_STATUSES.has(row.accountStatus)) throw forbidden(API_KEY_MESSAGES.blocked);
  return {
    kind: "api-key",
    apiKeyId: row.id,
    keyName: row.name,
    scope: row.scope,
    businessId: row.businessId,
    actor: { type: "api_key", id: row.id, name: `API key "${row.name}"` },
    maintenance: row.maintenance === true,
  };
}

/** The key may make this call: its scope covers the method, and it is within its rate limit. */
export async function authorizeApiKeyCall(p: ApiKeyPrincipal, method: string, now: Date): Promise<void> {
  if (!scopeAllows(p.scope, scopeNeeded(method))) throw new ApiError("forbidden", API_KEY_MESSAGES.scope);
  await enforceRateLimit(`api-key:${p.apiKeyId}`, API_KEY_RATE_LIMIT, now);
}

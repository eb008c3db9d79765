import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { generateApiKey } from "@/lib/api-keys/api-key-rules";
import type { CreateApiKey } from "@/lib/validation/api-keys";

// Create, list, revoke and rotate a business's API keys (account hub, issue 27). The key itself is
// returned once, by create and rotate; only its hash and first characters are kept.

const MAX_ACTIVE_KEYS = 20;
const listSelect = { id: true, name: true, scope: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

type KeyRow = { id: number; name: string; scope: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
const toDto = (k: KeyRow) => ({ ...k, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null, revokedAt: k.revokedAt?.toISOString() ?? null });
export type ApiKeyDto = ReturnType<typeof toDto>;

export async function listApiKeys(businessId: number) {
  const keys = await db.apiKey.findMany({ where: { businessId }, select: listSelect, orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { id: "desc" }] });
  return { keys: keys.map(toDto) };
}

export async function createApiKey(p: BusinessPrincipal, input: CreateApiKey, now: Date) {
  const active = await db.apiKey.count({ where: { businessId: p.businessId, revokedAt: null } });
  if (active >= MAX_ACTIVE_KEYS) throw conflict(`A business can have at most ${MAX_ACTIVE_KEYS} active API keys: revoke one first`);
  const { key, prefix, hash } = generateApiKey();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({ data: { businessId: p.businessId, name: input.name, scope: input.scope, prefix, keyHash: hash, createdAt: now }, select: listSelect });
    await logActivity({ businessId: p.businessId, actor: p.actor, action: "api_key_created", description: `Created API key "${input.name}" (${input.scope})`, tableName: "api_keys", recordId: created.id }, tx);
    return created;
  });
  return { key, apiKey: toDto(row), message: "Copy this key now: it will not be shown again" };
}

/** Revoked at once: the next call with it fails on every instance (each call reads the key's row). */
export async function revokeApiKey(p: BusinessPrincipal, id: number, now: Date) {
  return db.$transaction(async (tx) => {
    const done = await tx.apiKey.updateMany({ where: { id, businessId: p.businessId, revokedAt: null }, data: { revokedAt: now } });
    const key = await tx.apiKey.findFirst({ where: { id, businessId: p.businessId }, select: listSelect });
    if (!key) throw notFound("API key not found");
    if (done.count === 1) await logActivity({ businessId: p.businessId, actor: p.actor, action: "api_key_revoked", description: `Revoked API key "${key.name}"`, tableName: "api_keys", recordId: id }, tx);
    return { apiKey: toDto(key), message: "API key revoked" };
  });
}

/** A new key with the same name and scope; the old one is revoked in the same transaction. */
export async function rotateApiKey(p: BusinessPrincipal, id: number, now: Date) {
  const { key, prefix, hash } = generateApiKey();
  const row = await db.$transaction(async (tx) => {
    const old = await tx.apiKey.findFirst({ where: { id, businessId: p.businessId, revokedAt: null }, select: listSelect });
    if (!old) throw notFound("API key not found");
    const revoked = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    if (revoked.count !== 1) throw notFound("API key not found");
    const created = await tx.apiKey.create({ data: { businessId: p.businessId, name: old.name, scope: old.scope, prefix, keyHash: hash, createdAt: now }, select: listSelect });
    await logActivity({ businessId: p.businessId, actor: p.actor, action: "api_key_rotated", description: `Rotated API key "${old.name}"`, tableName: "api_keys", recordId: created.id }, tx);
    return created;
  });
  return { key, apiKey: toDto(row), message: "Copy this key now: it will not be shown again. The old key no longer works." };
}

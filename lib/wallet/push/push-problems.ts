import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { AppleWalletConfig, GoogleWalletConfig } from "@/lib/wallet/wallet-config";

// Configuration errors answered by APNs or Google (wrong topic or certificate, a refused service
// account...), one row per provider and configuration: what the super admin's wallet-pass monitor
// shows. A push that goes through with the same configuration resolves the row and releases the
// cards that were waiting out a configuration backoff, so they go with the next cron run.

export type WalletProvider = "apple" | "google";

const fingerprint = (parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 16);

export const appleConfigKey = (config: AppleWalletConfig, apnsUrl: string) => fingerprint([config.passTypeIdentifier, config.certificatePem, apnsUrl]);
export const googleConfigKey = (config: GoogleWalletConfig, apiBase: string) => fingerprint([config.issuerId, config.clientEmail, config.privateKeyId, apiBase]);

/** The prefix of a card's per-wallet error while it waits for a configuration fix. */
export const CONFIGURATION_ERROR_PREFIX = "Configuration error";

export async function recordPushProblem(provider: WalletProvider, configKey: string, p: { status?: number; reason: string; message: string }): Promise<void> {
  const now = new Date();
  await db.$executeRaw`
    INSERT INTO wallet_push_problems (provider, "configKey", status, reason, message, "firstSeenAt", "lastSeenAt")
    VALUES (${provider}, ${configKey}, ${p.status ?? null}::int, ${p.reason.slice(0, 100)}, ${p.message.slice(0, 500)}, ${now}, ${now})
    ON CONFLICT (provider, "configKey") DO UPDATE SET
      status = EXCLUDED.status, reason = EXCLUDED.reason, message = EXCLUDED.message,
      occurrences = wallet_push_problems.occurrences + 1, "lastSeenAt" = EXCLUDED."lastSeenAt", "resolvedAt" = NULL`;
}

/** After a delivery with this configuration: resolve its open problem, if any, and let the cards
 *  parked by it go again. */
export async function resolvePushProblem(provider: WalletProvider, configKey: string): Promise<void> {
  const resolved = await db.walletPushProblem.updateMany({ where: { provider, configKey, resolvedAt: null }, data: { resolvedAt: new Date() } });
  if (resolved.count === 0) return;
  const parked = { startsWith: CONFIGURATION_ERROR_PREFIX };
  if (provider === "apple") await db.loyaltyCard.updateMany({ where: { applePushError: parked }, data: { appleNextPushAt: null } });
  else await db.loyaltyCard.updateMany({ where: { googlePushError: parked }, data: { googleNextPushAt: null } });
}

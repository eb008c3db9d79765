import "server-only";
import { db } from "@/lib/db";
import type { WalletPushProblemRow } from "@/lib/admin/monitoring/loyalty-card-monitoring";
import { CONFIGURATION_ERROR_PREFIX } from "@/lib/wallet/push/push-problems";

/** GET /api/admin/wallet-push-problems: the open configuration errors of APNs and Google, newest first. */
export async function listWalletPushProblems(): Promise<WalletPushProblemRow[]> {
  const parked = { startsWith: CONFIGURATION_ERROR_PREFIX };
  const [problems, apple, google] = await Promise.all([
    db.walletPushProblem.findMany({ where: { resolvedAt: null }, orderBy: { lastSeenAt: "desc" }, take: 20 }),
    db.loyaltyCard.count({ where: { applePushError: parked } }),
    db.loyaltyCard.count({ where: { googlePushError: parked } }),
  ]);
  return problems.map((p) => ({
    provider: p.provider === "google" ? "google" : "apple",
    status: p.status,
    reason: p.reason,
    message: p.message,
    occurrences: p.occurrences,
    firstSeenAt: p.firstSeenAt.toISOString(),
    lastSeenAt: p.lastSeenAt.toISOString(),
    cardsWaiting: p.provider === "google" ? google : apple,
  }));
}

import "server-only";
import { db } from "@/lib/db";
import { isConfigured } from "@/lib/env";
import { pushCardUpdates } from "@/lib/wallet/push/push-card-updates";

// The wallet-push cron: cards whose update tag is ahead of what a wallet last received (a push that
// failed, or one lost with its process), once that wallet's backoff has passed. Idempotent: a device told
// twice just asks again and gets 304.

const BATCH = 200;
const CONCURRENCY = 4;

export async function sweepPendingPushes(): Promise<{ cards: number }> {
  if (!isConfigured.apple && !isConfigured.google) return { cards: 0 };
  const apple = isConfigured.apple;
  const google = isConfigured.google;
  // Each wallet has its own backoff: a card is due when a wallet that is behind is past its own.
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT c.id FROM loyalty_cards c
    WHERE (c."pushLeaseUntil" IS NULL OR c."pushLeaseUntil" < (now() AT TIME ZONE 'UTC'))
      AND (
        (${apple} AND c."appleAuthToken" IS NOT NULL AND COALESCE(c."applePushedTag", '-infinity') < c."passUpdatedAt"
          AND (c."appleNextPushAt" IS NULL OR c."appleNextPushAt" <= (now() AT TIME ZONE 'UTC'))
          AND EXISTS (SELECT 1 FROM wallet_device_registrations r WHERE r."loyaltyCardId" = c.id))
        OR (${google} AND c."googleObjectId" IS NOT NULL AND COALESCE(c."googlePushedTag", '-infinity') < c."passUpdatedAt"
          AND (c."googleNextPushAt" IS NULL OR c."googleNextPushAt" <= (now() AT TIME ZONE 'UTC')))
      )
    ORDER BY LEAST(c."appleNextPushAt", c."googleNextPushAt") NULLS FIRST, c.id
    LIMIT ${BATCH}`;
  const ids = rows.map((r) => r.id);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) await pushCardUpdates(ids[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { cards: ids.length };
}

import "server-only";
import type { WebhookDelivery } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { DELIVERY_TIMEOUT_MS, nextAttemptAt, SIGNATURE_HEADER, signatureHeader } from "@/lib/outgoing-webhooks/webhook-rules";
import { IDEMPOTENCY_RETENTION_DAYS } from "@/lib/api-keys/idempotency";
import { mapLimited } from "@/lib/map-limited";

// Sends due deliveries from the outbox (webhook_deliveries). A delivery is claimed with a short
// lease (UPDATE ... FOR UPDATE SKIP LOCKED), so the background attempt after an event and the cron
// on any number of instances never send the same attempt twice at once. Receivers must still
// de-duplicate by event id: a crash after their 2xx and before our write means one more delivery.

const LEASE_SECONDS = 60;
const BATCH = 100;
const PARALLEL = 5;

type Claimed = WebhookDelivery & { url: string; secret: string };

async function claimDue(now: Date, ids?: number[]): Promise<Claimed[]> {
  const only = ids ?? null;
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d."nextAttemptAt" <= ${now}
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${now})
        AND (${only}::int[] IS NULL OR d.id = ANY(${only}::int[]))
      ORDER BY d."nextAttemptAt" LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET "leaseUntil" = ${now}::timestamp + make_interval(secs => ${LEASE_SECONDS})
    FROM due, webhook_endpoints e
    WHERE d.id = due.id AND e.id = d."endpointId"
    RETURNING d.*, e.url, e.secret`;
}

async function send(d: Claimed, now: Date): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const body = JSON.stringify(d.payload);
  try {
    const res = await fetch(d.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "LoyaltyLegends-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(d.secret, body, now),
        "Loyalty-Event-Id": d.eventId,
        "Loyalty-Event-Type": d.eventType,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, error: res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}` };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { ok: false, status: null, error: err.name === "TimeoutError" ? "Timed out after 10 seconds" : (err.cause?.code ?? err.message).slice(0, 500) };
  }
}

async function attempt(d: Claimed, now: Date): Promise<"delivered" | "retry" | "failed"> {
  const r = await send(d, now);
  const attempts = d.attempts + 1;
  const next = r.ok ? null : nextAttemptAt(d.createdAt, attempts, now);
  const status = r.ok ? "delivered" : next ? "pending" : "failed";
  await db.webhookDelivery.update({
    where: { id: d.id },
    data: { status, attempts, lastAttemptAt: now, lastStatusCode: r.status, lastError: r.error, nextAttemptAt: next, leaseUntil: null, deliveredAt: r.ok ? now : null },
  });
  if (!r.ok) log.warn({ deliveryId: d.id, eventType: d.eventType, attempts, error: r.error, final: status === "failed" }, "webhook delivery failed");
  return status === "delivered" ? "delivered" : status === "pending" ? "retry" : "failed";
}

/** Attempts the due deliveries (all of them, or just `ids`). Returns the counts. */
export async function deliverDueWebhooks(now = new Date(), ids?: number[]) {
  const counts = { delivered: 0, retry: 0, failed: 0 };
  for (;;) {
    const batch = await claimDue(now, ids);
    for (const outcome of await mapLimited(batch, PARALLEL, (d) => attempt(d, now))) counts[outcome]++;
    if (batch.length < BATCH || ids) break;
  }
  return counts;
}

/** The cron job: due deliveries, then Idempotency-Key records past their retention. */
export async function runWebhookJob(now = new Date()) {
  const deliveries = await deliverDueWebhooks(now);
  const purged = await db.apiIdempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000) } } });
  return { ...deliveries, idempotencyKeysPurged: purged.count };
}

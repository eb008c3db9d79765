import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { flushBackgroundWork, runAfterResponse } from "@/lib/after-response";
import { envNow } from "@/lib/env";
import { poundsString } from "@/lib/rules/money";
import { deliverDueWebhooks } from "@/lib/outgoing-webhooks/deliver-webhooks";
import type { WebhookEventType } from "@/lib/outgoing-webhooks/webhook-rules";

// The post-commit hooks that turn what just happened into webhook events. Each call site is one
// line after its commit; nothing here throws into it or delays it. Inside a request the work runs
// in Next's after() (kept alive until done on serverless hosts), elsewhere as a tracked promise.
// The work: read what the event describes, write one outbox row per subscribed endpoint, then try
// to deliver those rows at once; the webhook cron retries what failed.

function schedule(label: string, work: () => Promise<void>) {
  runAfterResponse(`webhook event ${label} (not queued)`, work);
}

/** Waits for the background work started outside a request (tests, scripts). */
export const flushWebhookWork = flushBackgroundWork;

/** Queues one event for every enabled endpoint of the business subscribed to its type, and tries them. */
export async function queueWebhookEvent(businessId: number, type: WebhookEventType, data: Prisma.InputJsonValue, now = new Date()): Promise<number[]> {
  const endpoints = await db.webhookEndpoint.findMany({ where: { businessId, disabledAt: null, events: { has: type } }, select: { id: true } });
  if (endpoints.length === 0) return [];
  const eventId = `evt_${randomUUID().replace(/-/g, "")}`;
  const payload = { id: eventId, type, createdAt: now.toISOString(), businessId, data };
  const ids: number[] = [];
  for (const e of endpoints) {
    const row = await db.webhookDelivery.create({ data: { businessId, endpointId: e.id, eventId, eventType: type, payload, status: "pending", nextAttemptAt: now, createdAt: now }, select: { id: true } });
    ids.push(row.id);
  }
  if (envNow("WEBHOOK_DELIVERY") !== "cron-only") await deliverDueWebhooks(now, ids);
  return ids;
}

/** The event types some enabled endpoint of the business wants: one indexed query, so a business
 *  without webhooks pays one small read per event in the background and nothing else. */
async function wanted(businessId: number): Promise<Set<string>> {
  const rows = await db.webhookEndpoint.findMany({ where: { businessId, disabledAt: null }, select: { events: true } });
  return new Set(rows.flatMap((r) => r.events));
}

/** A boolean column: some enabled endpoint of the business wants this event type. A caller already
 *  reading from the database in its hot path adds it to that read and skips the event (and its
 *  background read) when false: lib/transactions/record-transaction.ts. */
export const webhookWantedSql = (businessId: number, type: WebhookEventType) =>
  Prisma.sql`EXISTS (SELECT 1 FROM webhook_endpoints WHERE "businessId" = ${businessId} AND "disabledAt" IS NULL AND ${type} = ANY(events))`;

const customerData = async (businessId: number, id: number) => {
  const c = await db.customer.findFirst({ where: { id, businessId }, select: { id: true, name: true, membershipNumber: true, totalPoints: true, lifetimeSpentPence: true, accountStatus: true } });
  return c && { id: c.id, name: c.name, membershipNumber: c.membershipNumber, totalPoints: c.totalPoints, lifetimeSpent: poundsString(c.lifetimeSpentPence), accountStatus: c.accountStatus };
};

/** After a transaction is recorded, edited or deleted: points.changed per customer it touched, and
 *  voucher.redeemed when it used a voucher. */
export function emitTransactionEvents(businessId: number, e: { transactionId: number; customerIds: Array<number | null | undefined>; voucherId?: number | null; change?: string }): void {
  schedule("transaction", async () => {
    const types = await wanted(businessId);
    if (types.size === 0) return;
    for (const id of new Set(e.customerIds.filter((c): c is number => typeof c === "number"))) {
      const customer = await customerData(businessId, id);
      if (customer && types.has("points.changed")) await queueWebhookEvent(businessId, "points.changed", { customer, transactionId: e.transactionId, change: e.change ?? "recorded" });
    }
    if (e.voucherId && types.has("voucher.redeemed")) {
      const v = await db.voucher.findFirst({ where: { id: e.voucherId, businessId }, select: { id: true, customerId: true, promoCode: true, title: true, redeemedAt: true } });
      if (v) await queueWebhookEvent(businessId, "voucher.redeemed", { voucher: { id: v.id, customerId: v.customerId, promoCode: v.promoCode, title: v.title, redeemedAt: v.redeemedAt?.toISOString() ?? null }, transactionId: e.transactionId });
    }
  });
}

/** After a customer's record is created. */
export function emitCustomerCreated(businessId: number, customerId: number): void {
  schedule("customer.created", async () => {
    if (!(await wanted(businessId)).has("customer.created")) return;
    const customer = await customerData(businessId, customerId);
    if (customer) await queueWebhookEvent(businessId, "customer.created", { customer });
  });
}

/** After vouchers went out to their customers (created and distributed, or sent again). */
export function emitVouchersSent(businessId: number, voucherIds: number[]): void {
  schedule("voucher.sent", async () => {
    if (!(await wanted(businessId)).has("voucher.sent")) return;
    const vouchers = await db.voucher.findMany({ where: { id: { in: voucherIds }, businessId }, select: { id: true, customerId: true, promoCode: true, title: true, expiresAt: true, sentByEmail: true, sentBySms: true } });
    for (const v of vouchers) {
      await queueWebhookEvent(businessId, "voucher.sent", { voucher: { id: v.id, customerId: v.customerId, promoCode: v.promoCode, title: v.title, expiresAt: v.expiresAt?.toISOString() ?? null, byEmail: v.sentByEmail, bySms: v.sentBySms } });
    }
  });
}

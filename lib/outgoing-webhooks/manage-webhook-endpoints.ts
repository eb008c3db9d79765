import "server-only";
import { db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { endpointUrlProblem, newWebhookSecret } from "@/lib/outgoing-webhooks/webhook-rules";
import { deliverDueWebhooks } from "@/lib/outgoing-webhooks/deliver-webhooks";
import type { CreateWebhookEndpoint } from "@/lib/validation/api-keys";

// The owner's webhook endpoints and their delivery log (account hub, issue 27).

const MAX_ENDPOINTS = 10;
const endpointSelect = { id: true, url: true, secret: true, events: true, createdAt: true, disabledAt: true } as const;
type EndpointRow = { id: number; url: string; secret: string; events: string[]; createdAt: Date; disabledAt: Date | null };
const endpointDto = (e: EndpointRow) => ({ ...e, createdAt: e.createdAt.toISOString(), disabledAt: e.disabledAt?.toISOString() ?? null });

export async function listWebhookEndpoints(businessId: number) {
  const rows = await db.webhookEndpoint.findMany({ where: { businessId, disabledAt: null }, select: endpointSelect, orderBy: { id: "asc" } });
  return { endpoints: rows.map(endpointDto) };
}

export async function createWebhookEndpoint(p: BusinessPrincipal, input: CreateWebhookEndpoint, now: Date) {
  const problem = endpointUrlProblem(input.url);
  if (problem) throw badRequest(problem);
  const count = await db.webhookEndpoint.count({ where: { businessId: p.businessId, disabledAt: null } });
  if (count >= MAX_ENDPOINTS) throw conflict(`A business can have at most ${MAX_ENDPOINTS} webhook endpoints`);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({ data: { businessId: p.businessId, url: input.url, secret: newWebhookSecret(), events: input.events, createdAt: now }, select: endpointSelect });
    await logActivity({ businessId: p.businessId, actor: p.actor, action: "webhook_endpoint_created", description: `Added webhook endpoint ${input.url} (${input.events.join(", ")})`, tableName: "webhook_endpoints", recordId: created.id }, tx);
    return created;
  });
  return { endpoint: endpointDto(row), message: "Webhook endpoint added" };
}

/** Removes an endpoint from the list; its pending deliveries stop, its log stays readable. */
export async function disableWebhookEndpoint(p: BusinessPrincipal, id: number, now: Date) {
  return db.$transaction(async (tx) => {
    const done = await tx.webhookEndpoint.updateMany({ where: { id, businessId: p.businessId, disabledAt: null }, data: { disabledAt: now } });
    if (done.count !== 1) throw notFound("Webhook endpoint not found");
    await tx.webhookDelivery.updateMany({ where: { endpointId: id, status: "pending" }, data: { status: "failed", lastError: "Endpoint removed", nextAttemptAt: null } });
    await logActivity({ businessId: p.businessId, actor: p.actor, action: "webhook_endpoint_removed", description: `Removed webhook endpoint #${id}`, tableName: "webhook_endpoints", recordId: id }, tx);
    return { message: "Webhook endpoint removed" };
  });
}

const deliverySelect = {
  id: true, eventId: true, eventType: true, status: true, attempts: true, nextAttemptAt: true, lastAttemptAt: true, lastStatusCode: true, lastError: true, deliveredAt: true, createdAt: true, payload: true,
  endpoint: { select: { id: true, url: true } },
} as const;

/** The newest 100 deliveries (all endpoints, or one), newest first. */
export async function listWebhookDeliveries(businessId: number, endpointId?: number) {
  // Naming another business's endpoint is "not found", like a missing one (not an empty list).
  if (endpointId && !(await db.webhookEndpoint.findFirst({ where: { id: endpointId, businessId }, select: { id: true } }))) throw notFound("Webhook endpoint not found");
  const rows = await db.webhookDelivery.findMany({ where: { businessId, ...(endpointId ? { endpointId } : {}) }, select: deliverySelect, orderBy: { id: "desc" }, take: 100 });
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    deliveries: rows.map((d) => ({ ...d, nextAttemptAt: iso(d.nextAttemptAt), lastAttemptAt: iso(d.lastAttemptAt), deliveredAt: iso(d.deliveredAt), createdAt: d.createdAt.toISOString() })),
  };
}

/** Re-sends one logged event now, as a new delivery with the same event id (receivers de-duplicate
 *  by it); the answer says how the attempt went. */
export async function resendWebhookDelivery(p: BusinessPrincipal, id: number, now: Date) {
  const d = await db.webhookDelivery.findFirst({ where: { id, businessId: p.businessId }, include: { endpoint: { select: { disabledAt: true } } } });
  if (!d) throw notFound("Delivery not found");
  if (d.endpoint.disabledAt) throw conflict("This endpoint was removed: add it again to send to it");
  const copy = await db.webhookDelivery.create({
    data: { businessId: d.businessId, endpointId: d.endpointId, eventId: d.eventId, eventType: d.eventType, payload: d.payload ?? {}, status: "pending", nextAttemptAt: now, createdAt: now },
  });
  await deliverDueWebhooks(now, [copy.id]);
  const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: copy.id }, select: { id: true, status: true, lastStatusCode: true, lastError: true } });
  return { delivery: after, message: after.status === "delivered" ? "Delivered" : `Not delivered (${after.lastError ?? "unknown error"}): it will be retried` };
}

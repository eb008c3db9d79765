import { randomUUID } from "node:crypto";
import { POST as loginAs } from "@/app/api/admin/login-as/[id]/route";
import { POST as openBillingPortal } from "@/app/api/billing/portal/route";
import { POST as startUpgrade } from "@/app/api/billing/upgrade/route";
import { POST as startChat } from "@/app/api/chat/sessions/route";
import { POST as createVouchers } from "@/app/api/promos/route";
import { POST as recordTransaction } from "@/app/api/transactions/route";
import { POST as createApiKey } from "@/app/api/api-keys/route";
import { POST as createWebhookEndpoint } from "@/app/api/webhook-endpoints/route";
import { db } from "@/lib/db";
import { call } from "../../helpers/http";
import { createBusinessSession, createStaffSession } from "../../helpers/factories";
import { addCustomer } from "../../helpers/customers";
import { adminSession } from "../../integration/admin-fixtures";
import { provePortalEmail } from "../../integration/portal-fixtures";
import { voucherPayload } from "../../integration/vouchers-fixtures";

// Two businesses built through the product's own routes, each with customers (cards, welcome
// emails), a transaction, a voucher, a staff login and a support chat; plus a verified portal
// customer, a super admin and a super admin acting as the business. Every object of A carries a
// marker, so a response that contains it is a leak whatever its status.

export type Tenant = Awaited<ReturnType<typeof buildTenant>>;

async function ok<T>(what: string, p: Promise<{ status: number; text: string; json: T }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`fixture: ${what} failed: ${res.status} ${res.text}`);
  return res.json;
}

export async function buildTenant(label: string) {
  const marker = `Sec${label}${randomUUID().slice(0, 6)}`;
  const owner = await createBusinessSession({ businessName: `${marker} Café` });
  const staff = await createStaffSession(owner.businessId);
  const c1 = await addCustomer(owner.cookie, { name: `Ada ${marker}`, email: `ada-${marker.toLowerCase()}@example.test` });
  const c2 = await addCustomer(owner.cookie, { name: `Bob ${marker}`, email: `bob-${marker.toLowerCase()}@example.test` });
  const tx = await ok<{ transaction: { id: number } }>(
    "transaction",
    call(recordTransaction, { method: "POST", cookie: owner.cookie, body: { customerId: c1.id, type: "purchase", amount: "25.00", description: `coffee ${marker}` } }),
  );
  await ok("vouchers", call(createVouchers, { method: "POST", cookie: owner.cookie, body: voucherPayload([c1.id], { title: `Treat ${marker}` }) }));
  const voucher = await db.voucher.findFirstOrThrow({ where: { businessId: owner.businessId }, orderBy: { id: "desc" } });
  await ok(
    "chat",
    call(startChat, { method: "POST", cookie: owner.cookie, body: { subject: `Help ${marker}`, initialMessage: `Question from ${marker}` } }),
  );
  const chatSession = await db.chatSession.findFirstOrThrow({ where: { businessId: owner.businessId }, orderBy: { id: "desc" } });
  // The signed links of the simulated checkout and billing portal (no Stripe keys in tests).
  const upgrade = await ok<{ redirectUrl?: string }>("upgrade", call(startUpgrade, { method: "POST", cookie: owner.cookie }));
  const portal = await ok<{ url?: string }>("billing portal", call(openBillingPortal, { method: "POST", cookie: owner.cookie }));
  const tokenOf = (url: string | undefined) => new URL(url ?? "/", "http://x").searchParams.get("token") ?? "missing-token";
  // Issue 27: an API key, a webhook endpoint and a logged delivery, each carrying the marker.
  const apiKey = await ok<{ apiKey: { id: number } }>("api key", call(createApiKey, { method: "POST", cookie: owner.cookie, body: { name: `Till ${marker}`, scope: "write" } }));
  const endpoint = await ok<{ endpoint: { id: number } }>("webhook endpoint", call(createWebhookEndpoint, { method: "POST", cookie: owner.cookie, body: { url: `http://127.0.0.1:9/${marker}`, events: ["points.changed"] } }));
  const delivery = await db.webhookDelivery.create({ data: { businessId: owner.businessId, endpointId: endpoint.endpoint.id, eventId: `evt_${marker}`, eventType: "points.changed", payload: { marker }, status: "failed", attempts: 9 } });
  // Issue 23: a finished voucher send job (its title carries the marker).
  const voucherJob = await db.voucherSendJob.create({
    data: { businessId: owner.businessId, batchId: randomUUID(), title: `Blast ${marker}`, promoCode: `BLAST${marker.slice(-6).toUpperCase()}`, discountType: "percentage", discountValue: 10, sendEmail: true, sendSms: false, audience: { allEligible: true }, status: "done", total: 0, createdBy: "owner", createdAt: new Date(), finishedAt: new Date() },
  });
  const c1Row = await db.customer.findUniqueOrThrow({ where: { id: c1.id } });
  const c2Row = await db.customer.findUniqueOrThrow({ where: { id: c2.id } });
  return {
    label,
    marker,
    businessId: owner.businessId,
    businessName: owner.businessName,
    ownerEmail: owner.email,
    owner: owner.cookie,
    staff: staff.cookie,
    staffUserId: staff.staffUserId,
    customers: [c1Row, c2Row],
    customerId: c1Row.id,
    membershipNumber: c1Row.membershipNumber,
    customerEmail: c1Row.email as string,
    transactionId: tx.transaction.id,
    voucherId: voucher.id,
    promoCode: voucher.promoCode,
    chatSessionId: chatSession.id,
    checkoutToken: tokenOf(upgrade.redirectUrl),
    billingPortalToken: tokenOf(portal.url),
    apiKeyId: apiKey.apiKey.id,
    webhookEndpointId: endpoint.endpoint.id,
    webhookDeliveryId: delivery.id,
    voucherJobId: voucherJob.id,
  };
}

export async function buildWorld() {
  const a = await buildTenant("A");
  const b = await buildTenant("B");
  const portalB = await provePortalEmail(b.customerEmail);
  const admin = await adminSession("Sam Security");
  const acting = await adminSession("Ada Acting");
  const res = await call(loginAs, { method: "POST", cookie: acting.cookie, params: { id: String(b.businessId) } });
  if (res.status !== 200) throw new Error(`fixture: login-as failed: ${res.status} ${res.text}`);
  return { a, b, portalB: portalB.cookie, admin: admin.cookie, adminId: admin.id, actingB: acting.cookie };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

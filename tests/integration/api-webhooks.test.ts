/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { GET as listEndpoints, POST as createEndpoint } from "@/app/api/webhook-endpoints/route";
import { DELETE as removeEndpoint } from "@/app/api/webhook-endpoints/[id]/route";
import { GET as listDeliveries } from "@/app/api/webhook-endpoints/deliveries/route";
import { POST as resend } from "@/app/api/webhook-endpoints/deliveries/[id]/resend/route";
import { GET as cronWebhooks } from "@/app/api/cron/webhooks/route";
import { POST as recordTx } from "@/app/api/v1/transactions/route";
import { POST as redeem } from "@/app/api/v1/vouchers/[id]/redeem/route";
import { db } from "@/lib/db";
import { flushWebhookWork } from "@/lib/outgoing-webhooks/emit-webhook-events";
import { deliverDueWebhooks } from "@/lib/outgoing-webhooks/deliver-webhooks";
import { verifySignature } from "@/lib/outgoing-webhooks/webhook-rules";
import { call } from "../helpers/http";
import { addCustomer } from "../helpers/customers";
import { POST as createVouchers } from "@/app/api/promos/route";
import { insertCustomer, voucherPayload } from "./vouchers-fixtures";
import { asTill, businessWithKeys, customerWithPoints, insertVoucher, newIdempotencyKey } from "./api-v1-fixtures";

// Issue 27: outgoing webhooks against a local receiving server that checks the signature the way a
// receiver must (HMAC-SHA256 over "t.body", 5-minute tolerance); retries on the documented schedule
// until 24 hours; the owner's delivery log and re-send; another business sees none of it.

type Received = { type: string; id: string; data: Record<string, unknown>; signed: boolean; eventId: string | undefined };

function receiver() {
  const got: Received[] = [];
  let status = 200;
  let secret = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const header = String(req.headers["loyalty-signature"] ?? "");
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      const parsed = JSON.parse(body);
      // A receiver checks against its own clock; the retries below run on a simulated clock, so
      // the check uses the signed time there and the real clock for live deliveries.
      const clock = Math.abs(Date.now() / 1000 - t) < 600 ? new Date() : new Date(t * 1000);
      got.push({ type: parsed.type, id: parsed.id, data: parsed.data, signed: verifySignature(secret, body, header, clock), eventId: req.headers["loyalty-event-id"] as string | undefined });
      res.writeHead(status).end("ok");
    });
  });
  return {
    got,
    server,
    setStatus: (s: number) => (status = s),
    setSecret: (s: string) => (secret = s),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
  };
}

const r = receiver();
let A: Awaited<ReturnType<typeof businessWithKeys>>;
let B: Awaited<ReturnType<typeof businessWithKeys>>;
let endpointId: number;

beforeAll(async () => {
  delete process.env.WEBHOOK_DELIVERY;
  await new Promise<void>((ok) => r.server.listen(0, "127.0.0.1", ok));
  [A, B] = await Promise.all([businessWithKeys(), businessWithKeys()]);
  const created = await call<{ endpoint: { id: number; secret: string } }>(createEndpoint, {
    method: "POST",
    path: "/api/webhook-endpoints",
    cookie: A.cookie,
    body: { url: r.url(), events: ["points.changed", "customer.created", "voucher.redeemed"] },
  });
  expect(created.status).toBe(201);
  endpointId = created.json.endpoint.id;
  r.setSecret(created.json.endpoint.secret);
});
afterAll(async () => {
  await flushWebhookWork();
  await new Promise((ok) => r.server.close(ok));
});
beforeEach(() => {
  r.got.length = 0;
  r.setStatus(200);
});

it("refuses a bad endpoint with a clear 400 and writes nothing", async () => {
  const before = await db.webhookEndpoint.count({ where: { businessId: A.businessId } });
  const noEvents = await call(createEndpoint, { method: "POST", path: "/api/webhook-endpoints", cookie: A.cookie, body: { url: r.url(), events: [] } });
  expect(noEvents.status).toBe(400);
  expect(noEvents.json.message).toBe("Choose at least one event");
  const badUrl = await call(createEndpoint, { method: "POST", path: "/api/webhook-endpoints", cookie: A.cookie, body: { url: "ftp://x", events: ["points.changed"] } });
  expect(badUrl.status).toBe(400);
  expect(badUrl.json.message).toBe("The URL must start with https://");
  expect(await db.webhookEndpoint.count({ where: { businessId: A.businessId } })).toBe(before);
});

it("a purchase through the API sends a signed points.changed event; a voucher redemption adds voucher.redeemed", async () => {
  const c = await customerWithPoints(A.businessId);
  await flushWebhookWork();
  r.got.length = 0;
  const res = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: { type: "purchase", customerId: c.id, amount: "4.00" }, idempotencyKey: newIdempotencyKey() }));
  expect(res.status).toBe(201);
  await flushWebhookWork();
  expect(r.got).toHaveLength(1);
  expect(r.got[0]).toMatchObject({ type: "points.changed", signed: true, data: { customer: { id: c.id, totalPoints: 4 }, change: "recorded" } });
  expect(r.got[0].eventId).toBe(r.got[0].id);

  const v = await insertVoucher(A.businessId, c.id);
  r.got.length = 0;
  await call(redeem, asTill(A.writeKey, { method: "POST", path: `/api/v1/vouchers/${v.id}/redeem`, params: { id: String(v.id) }, body: { amount: "10.00" }, idempotencyKey: newIdempotencyKey() }));
  await flushWebhookWork();
  expect(r.got.map((g) => g.type).sort()).toEqual(["points.changed", "voucher.redeemed"]);
  expect(r.got.every((g) => g.signed)).toBe(true);
});

it("a customer added in the app sends customer.created", async () => {
  const customer = await addCustomer(A.cookie);
  await flushWebhookWork();
  const created = r.got.filter((g) => g.type === "customer.created");
  expect(created).toHaveLength(1);
  expect(created[0].data).toMatchObject({ customer: { id: customer.id, membershipNumber: customer.membershipNumber } });
});

it("vouchers sent from the voucher hub send voucher.sent, only to endpoints subscribed to it", async () => {
  const sub = await call<{ endpoint: { id: number; secret: string } }>(createEndpoint, { method: "POST", path: "/api/webhook-endpoints", cookie: A.cookie, body: { url: r.url() + "?vouchers", events: ["voucher.sent"] } });
  expect(sub.status).toBe(201);
  const c = await insertCustomer(A.businessId);
  const sent = await call<{ vouchers: Array<{ id: number }> }>(createVouchers, { method: "POST", path: "/api/promos", cookie: A.cookie, body: voucherPayload([c.id]) });
  expect(sent.status).toBe(200);
  await flushWebhookWork();
  const got = r.got.filter((g) => g.type === "voucher.sent");
  expect(got).toHaveLength(1);
  expect(got[0].data).toMatchObject({ voucher: { id: sent.json.vouchers[0].id, customerId: c.id, byEmail: true } });
  await call(removeEndpoint, { method: "DELETE", path: `/api/webhook-endpoints/${sub.json.endpoint.id}`, cookie: A.cookie, params: { id: String(sub.json.endpoint.id) } });
});

it("retries a failing receiver with backoff for 24 hours, then fails; the owner re-sends it from the log", async () => {
  r.setStatus(500);
  const c = await customerWithPoints(A.businessId, 5);
  await flushWebhookWork();
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { businessId: A.businessId, eventType: "points.changed", payload: { path: ["data", "customer", "id"], equals: c.id } }, orderBy: { id: "desc" } });
  expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500" });
  const created = delivery.createdAt.getTime();
  const offsets: number[] = [];
  let row = delivery;
  while (row.status === "pending") {
    const due = row.nextAttemptAt!.getTime();
    // Not a moment early: a second before it is due, nothing is sent.
    await deliverDueWebhooks(new Date(due - 1000), [row.id]);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(row.attempts);
    await deliverDueWebhooks(new Date(due), [row.id]);
    row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } });
    offsets.push(Math.round((due - created) / 60_000));
  }
  expect(offsets).toEqual([1, 4, 13, 40, 121, 364, 1093, 1440]);
  expect(row).toMatchObject({ status: "failed", attempts: 9, nextAttemptAt: null });
  expect(r.got.every((g) => g.signed)).toBe(true);

  const log = await call<{ deliveries: Array<{ id: number; status: string; attempts: number }> }>(listDeliveries, { path: "/api/webhook-endpoints/deliveries", cookie: A.cookie });
  expect(log.json.deliveries.find((d) => d.id === row.id)).toMatchObject({ status: "failed", attempts: 9 });
  expect((await call(listDeliveries, { path: "/api/webhook-endpoints/deliveries", cookie: B.cookie })).text).not.toContain(row.eventId);
  expect((await call(resend, { method: "POST", path: `/api/webhook-endpoints/deliveries/${row.id}/resend`, cookie: B.cookie, params: { id: String(row.id) } })).status).toBe(404);

  r.setStatus(200);
  r.got.length = 0;
  const again = await call<{ delivery: { status: string } }>(resend, { method: "POST", path: `/api/webhook-endpoints/deliveries/${row.id}/resend`, cookie: A.cookie, params: { id: String(row.id) } });
  expect(again.status).toBe(200);
  expect(again.json.delivery.status).toBe("delivered");
  expect(r.got).toHaveLength(1);
  expect(r.got[0]).toMatchObject({ id: row.eventId, signed: true });
});

it("the cron route delivers what is due under its lease", async () => {
  r.setStatus(503);
  const c = await customerWithPoints(A.businessId, 5);
  await flushWebhookWork();
  r.setStatus(200);
  const row = await db.webhookDelivery.findFirstOrThrow({ where: { businessId: A.businessId, payload: { path: ["data", "customer", "id"], equals: c.id } } });
  await db.webhookDelivery.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  const res = await call<{ ran: boolean }>(cronWebhooks, { path: "/api/cron/webhooks" });
  expect(res.status).toBe(200);
  expect(res.json.ran).toBe(true);
  expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("delivered");
});

it("another business cannot see or remove the endpoint; removing it stops its deliveries", async () => {
  const theirs = await call(listEndpoints, { path: "/api/webhook-endpoints", cookie: B.cookie });
  expect(theirs.text).not.toContain(r.url());
  expect((await call(removeEndpoint, { method: "DELETE", path: `/api/webhook-endpoints/${endpointId}`, cookie: B.cookie, params: { id: String(endpointId) } })).status).toBe(404);
  expect((await call(removeEndpoint, { method: "DELETE", path: `/api/webhook-endpoints/${endpointId}`, cookie: A.cookie, params: { id: String(endpointId) } })).status).toBe(200);
  r.got.length = 0;
  await customerWithPoints(A.businessId, 5);
  await flushWebhookWork();
  expect(r.got).toHaveLength(0);
});

/** @jest-environment node */
import Stripe from "stripe";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomers } from "../integration/billing-fixtures";
import { recordTally } from "./support/tally";

// Issue 11 item 7: the Stripe webhook accepts only events signed with our endpoint secret over the
// exact raw body, recently (Stripe's 5-minute tolerance: an old captured delivery cannot be
// replayed), and an event id is acted on once, whether it comes again later or several times at once.
// Signed locally with the SDK's test header helper; the route is loaded after the keys are set.

const SECRET = "whsec_security_suite";
const stripe = new Stripe("sk_test_dummy");
type Route = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let webhook: Route;
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_dummy", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_PRICE_ID_MAX: "price_max" });
  await jest.isolateModulesAsync(async () => {
    webhook = (await import("@/app/api/webhooks/stripe/route")).POST as unknown as Route;
  });
});

afterAll(() => {
  process.env = saved;
});

let seq = 0;
const eventId = () => `evt_sec_${Date.now()}_${++seq}_${Math.random().toString(36).slice(2)}`;

function upgradeEvent(businessId: number, id = eventId()) {
  return {
    id, object: "event", type: "checkout.session.completed", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 0, request: null,
    data: { object: { id: `cs_${id}`, object: "checkout.session", metadata: { businessId: String(businessId), purpose: "upgrade" }, customer: `cus_${id}`, subscription: `sub_${id}`, payment_status: "paid" } },
  };
}

async function deliver(payload: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  const res = await call<Record<string, unknown>>(webhook, { method: "POST", path: "/api/webhooks/stripe", rawBody: payload, headers });
  recordTally("webChecks");
  if (res.status >= 500) recordTally("serverErrors");
  return res;
}

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp });

const status = async (businessId: number) => (await db.business.findUniqueOrThrow({ where: { id: businessId } })).subscriptionStatus;

it("refuses forged, tampered, unsigned and stale deliveries with 400, and acts on none of them", async () => {
  const biz = await businessWithCustomers(0);
  const evt = upgradeEvent(biz.businessId);
  const payload = JSON.stringify(evt);
  const tampered = payload.replace(`"businessId":"${biz.businessId}"`, `"businessId":"${biz.businessId} "`);
  const attempts: [string, string, string | null][] = [
    ["signed with another secret", payload, sign(payload, { secret: "whsec_attacker" })],
    ["body changed after signing", tampered, sign(payload)],
    ["no signature", payload, null],
    ["garbage signature", payload, "t=1,v1=deadbeef"],
    ["signed 10 minutes ago (a captured delivery replayed)", payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
    ["v0 scheme only", payload, sign(payload).replace("v1=", "v0=")],
  ];
  for (const [name, body, signature] of attempts) {
    const res = await deliver(body, signature);
    expect({ name, status: res.status, message: res.json?.message }).toEqual({ name, status: 400, message: "Invalid Stripe signature" });
  }
  expect(await status(biz.businessId)).toBe("pro_starter");
  expect(await db.processedWebhookEvent.count({ where: { id: evt.id } })).toBe(0);
});

it("a replayed event id changes nothing, even after the state it set was changed since", async () => {
  const biz = await businessWithCustomers(0);
  const payload = JSON.stringify(upgradeEvent(biz.businessId));
  const first = await deliver(payload, sign(payload));
  expect(first.status).toBe(200);
  expect(await status(biz.businessId)).toBe("pro_max");
  // The business moves on (e.g. a later downgrade); the same event delivered again must not undo it.
  await db.business.update({ where: { id: biz.businessId }, data: { subscriptionStatus: "pro_starter" } });
  const again = await deliver(payload, sign(payload));
  expect(again.status).toBe(200);
  expect(again.json).toMatchObject({ duplicate: true });
  expect(await status(biz.businessId)).toBe("pro_starter");
});

it("the same event delivered 6 times at once is acted on once", async () => {
  const biz = await businessWithCustomers(0);
  const evt = upgradeEvent(biz.businessId);
  const payload = JSON.stringify(evt);
  const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(payload, sign(payload))));
  recordTally("races");
  expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
  expect(answers.filter((r) => r.json.duplicate !== true)).toHaveLength(1);
  expect(await db.processedWebhookEvent.count({ where: { id: evt.id } })).toBe(1);
  expect(await status(biz.businessId)).toBe("pro_max");
});

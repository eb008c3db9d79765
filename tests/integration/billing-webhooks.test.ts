/** @jest-environment node */
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomers, parkedIds } from "./billing-fixtures";
import { send, withStripe } from "./billing-stripe-fixtures";

// Each Stripe webhook, signed locally with the SDK's test header helper (no network).

// Each event is a second later than the one before (Stripe orders by `created`).
let seq = 0;
const T0 = Math.floor(Date.now() / 1000);
function event(type: string, object: Record<string, unknown>, id = `evt_${Date.now()}_${++seq}_${Math.random().toString(36).slice(2)}`) {
  return { id, object: "event", type, api_version: "2025-01-01", created: T0 + seq, data: { object }, livemode: false, pending_webhooks: 0, request: null };
}

const business = (id: number) => db.business.findUniqueOrThrow({ where: { id } });

describe("POST /api/webhooks/stripe", () => {
  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(0);
      const evt = event("checkout.session.completed", { id: "cs_1", object: "checkout.session", metadata: { businessId: String(biz.businessId), purpose: "upgrade" }, customer: "cus_bad", subscription: "sub_bad", payment_status: "paid" });
      const bad = await send(webhook, evt, { secret: "whsec_wrong" });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe("Invalid Stripe signature");
      const missing = await call(webhook, { method: "POST", path: "/api/webhooks/stripe", rawBody: JSON.stringify(evt) });
      expect(missing.status).toBe(400);
      expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_starter");
      expect(await db.processedWebhookEvent.count({ where: { id: evt.id } })).toBe(0);
    });
  });

  it("checkout.session.completed upgrades to max, restores compliance-parked customers, converts the trial; a replay changes nothing", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12, { subscriptionStatus: "trial", trialEndsAt: new Date(Date.now() + 5 * 86_400_000) });
      const referrer = await businessWithCustomers(0);
      await db.referral.create({ data: { referrerBusinessId: referrer.businessId, referredBusinessId: biz.businessId, trialEndsAt: new Date(Date.now() + 5 * 86_400_000) } });
      const [a, b, c] = biz.customerIds.slice(9);
      await db.customer.update({ where: { id: a }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance" } });
      await db.customer.update({ where: { id: b }, data: { parkedAt: new Date(), parkedReason: "payment_failure_compliance" } });
      await db.customer.update({ where: { id: c }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance", hasBeenReactivated: true, scheduledDeletionAt: new Date(Date.now() + 10 * 86_400_000) } });
      const cus = `cus_${biz.businessId}_${Date.now()}`;
      const evt = event("checkout.session.completed", { id: "cs_2", object: "checkout.session", metadata: { businessId: String(biz.businessId), purpose: "upgrade" }, customer: cus, subscription: `sub_${cus}`, payment_status: "paid" });
      const res = await send(webhook, evt);
      expect(res.status).toBe(200);
      const after = await business(biz.businessId);
      expect(after).toMatchObject({ subscriptionStatus: "pro_max", stripeCustomerId: cus, stripeSubscriptionId: `sub_${cus}`, customerLimit: 10 });
      expect(await parkedIds(biz.businessId)).toEqual([c]); // the final parking stays
      expect((await db.referral.findUniqueOrThrow({ where: { referredBusinessId: biz.businessId } })).trialStatus).toBe("converted");
      expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "subscription_upgraded" } })).toBe(1);

      // Replay: the state is changed behind its back, and the same event must not change it again.
      await db.customer.update({ where: { id: a }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance" } });
      const replay = await send(webhook, evt);
      expect(replay.status).toBe(200);
      expect(replay.json).toMatchObject({ duplicate: true });
      expect((await parkedIds(biz.businessId)).sort()).toEqual([a, c].sort());
      expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "subscription_upgraded" } })).toBe(1);
    });
  });

  it("invoice.payment_failed starts the grace period; invoice.paid ends it and restores payment-failure parkings", async () => {
    await withStripe(async (webhook) => {
      const cus = `cus_pf_${Date.now()}_${Math.random().toString(36).slice(2)}`;
      const biz = await businessWithCustomers(11, { subscriptionStatus: "pro_max", stripeCustomerId: cus, stripeSubscriptionId: `sub_${cus}` });
      const first = event("invoice.payment_failed", { id: "in_1", object: "invoice", customer: cus });
      const failedAt = new Date(first.created * 1000); // grace counts from Stripe's time of the failure
      const failed = await send(webhook, first, { now: "2026-11-01T10:00:00.000Z" });
      expect(failed.status).toBe(200);
      expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "payment_failed", paymentFailedAt: failedAt });
      // A second failure does not restart the grace period.
      await send(webhook, event("invoice.payment_failed", { id: "in_2", object: "invoice", customer: cus }), { now: "2026-11-03T10:00:00.000Z" });
      expect((await business(biz.businessId)).paymentFailedAt).toEqual(failedAt);

      const last = biz.customerIds[10];
      await db.customer.update({ where: { id: last }, data: { parkedAt: new Date(), parkedReason: "payment_failure_compliance" } });
      const paid = await send(webhook, event("invoice.paid", { id: "in_3", object: "invoice", customer: cus }));
      expect(paid.status).toBe(200);
      expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", paymentFailedAt: null });
      expect(await parkedIds(biz.businessId)).toEqual([]);
      expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: { in: ["payment_failed", "payment_recovered"] } } })).toBe(2);
    });
  });

  it("customer.subscription.updated follows Stripe's status and customer.subscription.deleted moves to starter", async () => {
    await withStripe(async (webhook) => {
      const cus = `cus_su_${Date.now()}_${Math.random().toString(36).slice(2)}`;
      const sub = `sub_${cus}`;
      const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_max", stripeCustomerId: cus, stripeSubscriptionId: sub });
      const subObj = (status: string) => ({ id: sub, object: "subscription", customer: cus, status, metadata: { businessId: String(biz.businessId) } });
      await send(webhook, event("customer.subscription.updated", subObj("past_due")));
      expect((await business(biz.businessId)).subscriptionStatus).toBe("payment_failed");
      await send(webhook, event("customer.subscription.updated", subObj("active")));
      expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_max");

      // Cancelled in Stripe's portal: the downgrade countdown runs to the end of the paid period; renewing withdraws it.
      const end = Math.floor(new Date("2026-12-20T00:00:00Z").getTime() / 1000);
      await send(webhook, event("customer.subscription.updated", { ...subObj("active"), cancel_at_period_end: true, items: { data: [{ current_period_end: end }] } }));
      expect((await business(biz.businessId)).downgradeEffectiveAt).toEqual(new Date(end * 1000));
      await send(webhook, event("customer.subscription.updated", { ...subObj("active"), cancel_at_period_end: false, items: { data: [{ current_period_end: end }] } }));
      expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", downgradeEffectiveAt: null, downgradeRequestedAt: null });

      // A deletion of some older subscription is ignored; the current one ends the plan.
      await send(webhook, event("customer.subscription.deleted", { ...subObj("canceled"), id: "sub_old_one" }));
      expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_max");
      const del = await send(webhook, event("customer.subscription.deleted", subObj("canceled")), { now: "2026-12-01T00:00:00.000Z" });
      expect(del.status).toBe(200);
      // Starter at once (no waiting for the billing job): limit 10, nothing pending.
      expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_starter", customerLimit: 10, stripeSubscriptionId: null, downgradeEffectiveAt: null });
      expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "subscription_ended" } })).toBe(1);
    });
  });

  it("checkout.session.completed for a reactivation brings the parked customer back once", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(3);
      const id = biz.customerIds[2];
      await db.customer.update({ where: { id }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
      const session = { id: "cs_r", object: "checkout.session", metadata: { businessId: String(biz.businessId), purpose: "reactivate", reactivateCustomerId: String(id) }, customer: null, subscription: null, payment_status: "paid" };
      expect((await send(webhook, event("checkout.session.completed", session))).status).toBe(200);
      expect(await db.customer.findUniqueOrThrow({ where: { id } })).toMatchObject({ parkedAt: null, hasBeenReactivated: true });
      expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("pro_starter");
    });
  });

  it("answers 200 and ignores events outside the allow-list", async () => {
    await withStripe(async (webhook) => {
      const res = await send(webhook, event("customer.created", { id: "cus_x", object: "customer" }));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ received: true, ignored: "customer.created" });
    });
  });
});

/** @jest-environment node */
import { log } from "@/lib/log";
import { db } from "@/lib/db";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";
import { businessWithCustomers } from "./billing-fixtures";
import { activityActions, billingEmails, planSnapshot, send, stripeStory, withStripe } from "./billing-stripe-fixtures";

// Issue 16: Stripe's events replayed the way Stripe really delivers them (twice, out of order,
// late, unpaid then paid), signed with a test secret. After each sequence: plan, limit, parked set,
// grace and countdown dates, emails and activity rows.

const DAY = 86_400;
/** The billing cron's grace rule for one business (the cron itself runs over every business, which
 *  would reach into tests running in parallel; billing-timelines.serial.test.ts runs the real job). */
const cronGraceCheck = (businessId: number, now: Date) => withPlanTransaction((tx, mail) => applyPlanEvent(tx, businessId, { type: "grace_expired" }, { now, mail }));
const iso = (s: number) => new Date(s * 1000).toISOString();

async function sendAll(webhook: Parameters<Parameters<typeof withStripe>[0]>[0], events: unknown[]) {
  for (const e of events) expect((await send(webhook, e)).status).toBe(200);
}

describe("Stripe event replay", () => {
  it("duplicates: the same event three times upgrades once, mails nobody twice, logs one row", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(3);
      const s = stripeStory(biz.businessId);
      const done = s.checkoutCompleted("sub_dup", 1);
      await sendAll(webhook, [done, done, done]);
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "pro_max", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_dup", parked: [] });
      expect((await activityActions(biz.businessId)).filter((a) => a === "subscription_upgraded")).toHaveLength(1);
      expect(await db.billingEvent.count({ where: { businessId: biz.businessId } })).toBe(1);
      expect(await billingEmails(biz.businessId)).toEqual([]);
    });
  });

  it("reordering: invoice and subscription updates before the checkout completion end in the same max plan", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(2);
      const s = stripeStory(biz.businessId);
      await sendAll(webhook, [s.subscriptionUpdated("sub_r", "active", 3), s.invoicePaid("sub_r", 2), s.checkoutCompleted("sub_r", 1)]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", stripeSubscriptionId: "sub_r", paymentFailedAt: null });
      expect(await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).toMatchObject({ stripeCustomerId: s.customer });
    });
  });

  it("a late customer.subscription.updated after the deletion gives nothing back", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12);
      const s = stripeStory(biz.businessId);
      await sendAll(webhook, [s.checkoutCompleted("sub_late", 1), s.subscriptionDeleted("sub_late", 30 * DAY)]);
      const ended = await planSnapshot(biz.businessId);
      expect(ended).toEqual({ subscriptionStatus: "pro_starter", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: null, parked: biz.customerIds.slice(10) });
      // Sent before the deletion but delivered after it, and one claiming a later time: both change nothing.
      await sendAll(webhook, [s.subscriptionUpdated("sub_late", "active", 10 * DAY), s.subscriptionUpdated("sub_late", "active", 31 * DAY), s.invoicePaid("sub_late", 32 * DAY)]);
      expect(await planSnapshot(biz.businessId)).toEqual(ended);
      expect(await billingEmails(biz.businessId)).toEqual(["billing_moved_to_starter"]);
      const acts = await activityActions(biz.businessId);
      expect(acts.filter((a) => a === "subscription_ended")).toHaveLength(1);
      expect(acts.filter((a) => a === "customers_auto_parked")).toHaveLength(1);
    });
  });

  it("an unpaid completion grants nothing; async_payment_succeeded grants max; async_payment_failed never does", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(1);
      const s = stripeStory(biz.businessId);
      await sendAll(webhook, [s.checkoutCompleted("sub_bacs", 1, "unpaid")]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_starter", stripeSubscriptionId: null });
      expect(await activityActions(biz.businessId)).toContain("checkout_awaiting_payment");
      await sendAll(webhook, [s.asyncSucceeded("sub_bacs", 3 * DAY)]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", stripeSubscriptionId: "sub_bacs" });

      const other = await businessWithCustomers(1);
      const o = stripeStory(other.businessId);
      await sendAll(webhook, [o.checkoutCompleted("sub_sepa", 1, "unpaid"), o.asyncFailed("sub_sepa", 2 * DAY)]);
      expect(await planSnapshot(other.businessId)).toMatchObject({ subscriptionStatus: "pro_starter", stripeSubscriptionId: null });
      expect(await activityActions(other.businessId)).toEqual(expect.arrayContaining(["checkout_awaiting_payment", "checkout_payment_failed"]));
      expect(await activityActions(other.businessId)).not.toContain("subscription_upgraded");
    });
  });

  it("payment_failed then paid: grace from Stripe's failure time, parking after 7 days, everything back on payment", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12);
      const s = stripeStory(biz.businessId);
      await sendAll(webhook, [s.checkoutCompleted("sub_pf", 1), s.invoiceFailed("sub_pf", 30 * DAY), s.subscriptionUpdated("sub_pf", "past_due", 30 * DAY + 5), s.invoiceFailed("sub_pf", 33 * DAY)]);
      const failedAt = iso(s.invoiceFailed("x", 30 * DAY).created);
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "payment_failed", customerLimit: 10, paymentFailedAt: failedAt, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_pf", parked: [] });
      expect(await billingEmails(biz.businessId)).toEqual(["billing_payment_failed"]);

      await cronGraceCheck(biz.businessId, new Date(new Date(failedAt).getTime() + 7 * DAY * 1000 - 60_000));
      expect((await planSnapshot(biz.businessId)).parked).toEqual([]);
      await cronGraceCheck(biz.businessId, new Date(new Date(failedAt).getTime() + 7 * DAY * 1000));
      expect((await planSnapshot(biz.businessId)).parked).toEqual(biz.customerIds.slice(10));

      await sendAll(webhook, [s.invoicePaid("sub_pf", 38 * DAY), s.subscriptionUpdated("sub_pf", "active", 38 * DAY + 5)]);
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "pro_max", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_pf", parked: [] });
      const acts = await activityActions(biz.businessId);
      expect(acts.filter((a) => a === "payment_failed")).toHaveLength(1);
      expect(acts.filter((a) => a === "payment_recovered")).toHaveLength(1);
    });
  });

  it("upgrade during grace: a cancellation at the period end is withdrawn; a new subscription during a payment failure restores everything", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12);
      const s = stripeStory(biz.businessId);
      const periodEnd = Math.floor(Date.now() / 1000) + 40 * DAY;
      await sendAll(webhook, [s.checkoutCompleted("sub_g", 1), s.subscriptionUpdated("sub_g", "active", 10 * DAY, { cancelAtPeriodEnd: true, periodEnd })]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", downgradeEffectiveAt: iso(periodEnd) });
      await sendAll(webhook, [s.subscriptionUpdated("sub_g", "active", 12 * DAY, { periodEnd })]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", downgradeEffectiveAt: null });
      expect(await activityActions(biz.businessId)).toEqual(expect.arrayContaining(["downgrade_requested", "downgrade_cancelled"]));

      // Payment failed, grace over, parked; then a fresh checkout (a new subscription) instead of fixing the old one.
      await sendAll(webhook, [s.invoiceFailed("sub_g", 30 * DAY)]);
      const failed = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
      await cronGraceCheck(biz.businessId, new Date(failed.paymentFailedAt!.getTime() + 8 * DAY * 1000));
      expect((await planSnapshot(biz.businessId)).parked).toHaveLength(2);
      await sendAll(webhook, [s.checkoutCompleted("sub_g2", 39 * DAY)]);
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "pro_max", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_g2", parked: [] });
      // The old subscription's end, delivered later, does not end the new one.
      await sendAll(webhook, [s.subscriptionDeleted("sub_g", 40 * DAY)]);
      expect((await planSnapshot(biz.businessId)).subscriptionStatus).toBe("pro_max");
    });
  });

  it("downgrade then upgrade: starter parks the newest beyond 10, the next checkout brings them back", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(13);
      const s = stripeStory(biz.businessId);
      await sendAll(webhook, [s.checkoutCompleted("sub_d1", 1), s.subscriptionDeleted("sub_d1", 20 * DAY)]);
      expect(await planSnapshot(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_starter", customerLimit: 10, parked: biz.customerIds.slice(10) });
      const parked = await db.customer.findMany({ where: { id: { in: biz.customerIds.slice(10) } } });
      expect(parked.every((c) => c.parkedReason === "downgrade_compliance" && c.scheduledDeletionAt === null)).toBe(true);

      await sendAll(webhook, [s.checkoutCompleted("sub_d2", 25 * DAY), s.subscriptionUpdated("sub_d1", "active", 10 * DAY)]);
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "pro_max", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_d2", parked: [] });
      expect(await billingEmails(biz.businessId)).toEqual(["billing_moved_to_starter"]);
      expect((await activityActions(biz.businessId)).filter((a) => a === "subscription_upgraded")).toHaveLength(2);
    });
  });

  it("two businesses interleaved: each follows only its own events", async () => {
    await withStripe(async (webhook) => {
      const a = await businessWithCustomers(11);
      const b = await businessWithCustomers(11);
      const sa = stripeStory(a.businessId);
      const sb = stripeStory(b.businessId);
      await sendAll(webhook, [
        sa.checkoutCompleted("sub_ia", 1),
        sb.checkoutCompleted("sub_ib", 2),
        sa.invoiceFailed("sub_ia", 30 * DAY),
        sb.subscriptionDeleted("sub_ib", 31 * DAY),
        sb.invoicePaid("sub_ib", 29 * DAY), // late, before the deletion
        sa.invoicePaid("sub_ia", 32 * DAY),
      ]);
      expect(await planSnapshot(a.businessId)).toEqual({ subscriptionStatus: "pro_max", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: "sub_ia", parked: [] });
      expect(await planSnapshot(b.businessId)).toEqual({ subscriptionStatus: "pro_starter", customerLimit: 10, paymentFailedAt: null, downgradeEffectiveAt: null, stripeSubscriptionId: null, parked: [b.customerIds[10]] });
      expect(await billingEmails(a.businessId)).toEqual(["billing_payment_failed"]);
      expect(await billingEmails(b.businessId)).toEqual(["billing_moved_to_starter"]);
    });
  });

  it("concurrent deliveries: a whole sequence sent at once (each event twice) settles as if sent in order", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12);
      const s = stripeStory(biz.businessId);
      const events = [s.checkoutCompleted("sub_c1", 1), s.invoiceFailed("sub_c1", 30 * DAY), s.subscriptionDeleted("sub_c1", 40 * DAY), s.checkoutCompleted("sub_c2", 41 * DAY), s.invoiceFailed("sub_c2", 70 * DAY)];
      const results = await Promise.all([...events, ...events].map((e) => send(webhook, e)));
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      expect(await planSnapshot(biz.businessId)).toEqual({ subscriptionStatus: "payment_failed", customerLimit: 10, paymentFailedAt: iso(events[4].created), downgradeEffectiveAt: null, stripeSubscriptionId: "sub_c2", parked: [] });
      expect(await db.processedWebhookEvent.count({ where: { id: { in: events.map((e) => e.id) } } })).toBe(5);
    });
  });

  it("bad or missing signature: 400 and nothing changes; unknown event type: 200 and logged; unknown customer: 200 and nothing changes", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(2);
      const s = stripeStory(biz.businessId);
      const before = await planSnapshot(biz.businessId);
      const evt = s.checkoutCompleted("sub_sig", 1);
      for (const opts of [{ secret: "whsec_wrong" }, { signature: null }, { signature: "t=1,v1=deadbeef" }]) {
        const res = await send(webhook, evt, opts);
        expect([res.status, res.json.message]).toEqual([400, "Invalid Stripe signature"]);
      }
      expect(await planSnapshot(biz.businessId)).toEqual(before);
      expect(await db.processedWebhookEvent.count({ where: { id: evt.id } })).toBe(0);
      expect(await db.billingEvent.count({ where: { businessId: biz.businessId } })).toBe(0);

      const info = jest.spyOn(log, "info").mockImplementation(() => undefined);
      const unknown = { ...s.invoicePaid("sub_sig", 2), type: "customer.tax_id.created" };
      const res = await send(webhook, unknown);
      expect([res.status, res.json]).toEqual([200, { received: true, ignored: "customer.tax_id.created" }]);
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ eventType: "customer.tax_id.created" }), expect.stringContaining("customer.tax_id.created"));
      info.mockRestore();
      expect(await db.processedWebhookEvent.findUnique({ where: { id: unknown.id } })).toMatchObject({ type: "customer.tax_id.created" });

      const stranger = stripeStory(2_000_000_000);
      const orphan = stranger.checkoutCompleted("sub_nobody", 1);
      const r = await send(webhook, orphan);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ received: true, result: { ignored: "unknown business" } });
      expect(await db.billingEvent.count({ where: { id: orphan.id } })).toBe(0);
      expect(await planSnapshot(biz.businessId)).toEqual(before);

      // Signed but malformed: 400, never 500; numbers beyond our ids: 200 and ignored.
      const bare = { ...s.invoicePaid("sub_sig", 3), data: {} };
      expect([(await send(webhook, bare)).status, (await send(webhook, bare)).json.message]).toEqual([400, "Malformed Stripe event"]);
      const huge = s.reactivationCompleted(9_999_999_999, 4);
      expect((await send(webhook, huge)).status).toBe(200);
      const hugeBiz = { ...orphan, id: `${orphan.id}_huge`, data: { object: { ...orphan.data.object, metadata: { businessId: "99999999999", purpose: "upgrade" } } } };
      expect((await send(webhook, hugeBiz)).json).toMatchObject({ result: { ignored: "unknown business" } });
      const noTime = { ...s.invoiceFailed("sub_sig", 5), created: "soon" }; // read as the delivery time; a failure alone grants nothing
      expect((await send(webhook, noTime)).status).toBe(200);
      expect(await planSnapshot(biz.businessId)).toEqual(before);
    });
  });
});

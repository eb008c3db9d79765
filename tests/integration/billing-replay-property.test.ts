/** @jest-environment node */
import fc from "fast-check";
import { db } from "@/lib/db";
import { businessWithCustomers } from "./billing-fixtures";
import { planSnapshot, send, stripeStory, withStripe, type Route, type StripeEvent } from "./billing-stripe-fixtures";

// Issue 16, property: any permutation of a valid Stripe event sequence, with any events delivered
// again, ends in the same state as the sequence delivered in order (plan, limit, grace start,
// countdown, subscription, parked set), against the real webhook route and database.
//
// Every story starts where a business with 11 customers really is: on max through subscription s0
// (a starter business cannot have 11 active customers).

const DAY = 86_400;
const T0 = Math.floor(Date.now() / 1000);
const PERIOD_END = T0 + 120 * DAY;
type Story = ReturnType<typeof stripeStory>;
type Template = { name: string; events: (s: Story, sub: (n: string) => string, periodEnd: number) => StripeEvent[]; expected: Record<string, unknown> };

const TEMPLATES: Template[] = [
  {
    name: "failure, recovery, cancellation at period end, deletion, new subscription, failure",
    events: (s, sub, p) => [
      s.invoiceFailed(sub("s0"), 30 * DAY),
      s.subscriptionUpdated(sub("s0"), "past_due", 30 * DAY + 5),
      s.invoicePaid(sub("s0"), 32 * DAY),
      s.subscriptionUpdated(sub("s0"), "active", 40 * DAY, { cancelAtPeriodEnd: true, periodEnd: p }),
      s.subscriptionDeleted(sub("s0"), 60 * DAY),
      s.checkoutCompleted(sub("s1"), 61 * DAY),
      s.invoiceFailed(sub("s1"), 90 * DAY),
    ],
    expected: { subscriptionStatus: "payment_failed", stripeSubscriptionId: "s1", parked: [], downgradeEffectiveAt: null },
  },
  {
    name: "cancellation at period end, then the deletion",
    events: (s, sub, p) => [s.subscriptionUpdated(sub("s0"), "active", 10 * DAY, { cancelAtPeriodEnd: true, periodEnd: p }), s.subscriptionDeleted(sub("s0"), 30 * DAY)],
    expected: { subscriptionStatus: "pro_starter", customerLimit: 10, stripeSubscriptionId: null, parked: [10], downgradeEffectiveAt: null },
  },
  {
    name: "deletion, an unpaid checkout paid later, failures with a payment between",
    events: (s, sub) => [
      s.subscriptionDeleted(sub("s0"), 5 * DAY),
      s.checkoutCompleted(sub("s1"), 10 * DAY, "unpaid"),
      s.asyncSucceeded(sub("s1"), 12 * DAY),
      s.invoiceFailed(sub("s1"), 40 * DAY),
      s.invoiceFailed(sub("s1"), 43 * DAY),
      s.invoicePaid(sub("s1"), 45 * DAY),
      s.invoiceFailed(sub("s1"), 70 * DAY),
    ],
    expected: { subscriptionStatus: "payment_failed", stripeSubscriptionId: "s1", parked: [], paymentFailedAt: new Date((T0 + 70 * DAY) * 1000).toISOString() },
  },
  {
    name: "failure, a new subscription, the old one deleted, the new one cancelled at period end",
    events: (s, sub, p) => [
      s.invoiceFailed(sub("s0"), 30 * DAY),
      s.checkoutCompleted(sub("s1"), 35 * DAY),
      s.subscriptionDeleted(sub("s0"), 36 * DAY),
      s.subscriptionUpdated(sub("s1"), "active", 50 * DAY, { cancelAtPeriodEnd: true, periodEnd: p }),
    ],
    expected: { subscriptionStatus: "pro_max", stripeSubscriptionId: "s1", parked: [], paymentFailedAt: null, downgradeEffectiveAt: new Date(PERIOD_END * 1000).toISOString() },
  },
];

/** A fresh business on max (subscription s0, 11 customers); events renamed per business so ids never clash. */
async function run(webhook: Route, template: Template, order: (events: StripeEvent[]) => StripeEvent[]) {
  const tag = Math.random().toString(36).slice(2, 10);
  const sub = (n: string) => `sub_${tag}_${n}`;
  const biz = await businessWithCustomers(11, { subscriptionStatus: "pro_max", stripeSubscriptionId: sub("s0") });
  const story = stripeStory(biz.businessId, T0);
  await db.business.update({ where: { id: biz.businessId }, data: { stripeCustomerId: story.customer } });
  for (const e of order(template.events(story, sub, PERIOD_END))) expect((await send(webhook, e)).status).toBe(200);
  const snap = await planSnapshot(biz.businessId);
  // Comparable across businesses: subscription by its story name, parked customers by position.
  return { ...snap, stripeSubscriptionId: snap.stripeSubscriptionId?.replace(`sub_${tag}_`, "") ?? null, parked: snap.parked.map((id) => biz.customerIds.indexOf(id)) };
}

/** A permutation of 0..n-1 with some indices delivered again at random places. */
const deliveries = (n: number) =>
  fc
    .tuple(fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n + 3)), { maxLength: 3 }))
    .map(([perm, dups]) => {
      const out = [...perm];
      for (const [i, at] of dups) out.splice(Math.min(at, out.length), 0, i);
      return out;
    });

describe("Stripe event replay: order and repeats do not matter", () => {
  jest.setTimeout(120_000);

  it.each(TEMPLATES.map((t) => [t.name, t] as const))("%s", async (_name, template) => {
    await withStripe(async (webhook) => {
      const inOrder = await run(webhook, template, (events) => events);
      expect(inOrder).toMatchObject(template.expected);
      const n = template.events(stripeStory(0, T0), (x) => x, PERIOD_END).length;
      await fc.assert(
        fc.asyncProperty(deliveries(n), async (idx) => {
          const got = await run(webhook, template, (events) => idx.map((i) => events[i]));
          expect(got).toEqual(inOrder);
        }),
        { numRuns: 6 },
      );
    });
  });
});

import "server-only";
import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email/send-email";
import { tierReviewEmail } from "@/lib/email/templates/tier-review-email";
import { readTierMeasures } from "@/lib/tiers/read-tier-measure";
import { getTierSettings } from "@/lib/tiers/get-tier-settings";
import { measureFor, nextReviewAt, tierFor, tierRank } from "@/lib/rules/tiers";
import { setCustomerTier } from "@/lib/tiers/set-customer-tier";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

// GET /api/cron/tier-review (daily, lease in runJob): the yearly review. A customer whose tier is a
// year old is measured again: still qualifying (or higher) keeps the tier for another year; below
// it, they move down to the tier they now reach, the change is recorded with its reason and they are
// told by email if they consented to emails. Closed, parked, snoozed and asleep accounts wait (their
// review stays due). Idempotent: a reviewed customer's next review is a year away.

export async function runTierReview(now: Date): Promise<{ reviewed: number; movedDown: number; noticesSent: number }> {
  const due = await db.customer.findMany({
    where: { tierReviewAt: { lte: now }, tierName: { not: null }, parkedAt: null, accountStatus: "active", sleepStatus: { in: ["active", "awake"] }, business: { tierSettings: { enabled: true } } },
    select: { id: true, businessId: true, tierName: true, firstName: true, email: true, marketingConsentEmail: true, business: { select: { name: true } } },
    orderBy: { id: "asc" },
    take: 5000,
  });
  let movedDown = 0;
  let noticesSent = 0;
  const byBusiness = new Map<number, typeof due>();
  for (const c of due) byBusiness.set(c.businessId, [...(byBusiness.get(c.businessId) ?? []), c]);
  for (const [businessId, customers] of byBusiness) {
    const settings = await getTierSettings(businessId);
    const measures = new Map((await readTierMeasures(db, businessId, customers.map((c) => c.id), now)).map((m) => [m.id, m]));
    for (const c of customers) {
      const m = measures.get(c.id);
      const measure = m ? measureFor(settings.basis, m.lifetimePoints, m.spend12mPence) : 0;
      const reached = tierFor(settings.tiers, measure);
      if (tierRank(settings.tiers, reached?.name) >= tierRank(settings.tiers, c.tierName)) {
        await db.customer.updateMany({ where: { id: c.id, businessId, tierName: c.tierName }, data: { tierReviewAt: nextReviewAt(now) } });
        continue;
      }
      const reason = `Yearly review: ${measure} ${settings.basis === "lifetime_points" ? "lifetime points" : "£ spent in the last 12 months"} is below ${c.tierName}`;
      const ok = await db.$transaction((tx) => setCustomerTier(tx, { businessId, customerId: c.id, from: c.tierName, to: reached, direction: "down", reason, now }));
      if (!ok) continue;
      movedDown++;
      notifyPassChange([c.id]);
      if (c.marketingConsentEmail && c.email) {
        const email = tierReviewEmail({ businessName: c.business.name, firstName: c.firstName, from: c.tierName ?? "", to: reached?.name ?? null });
        const sent = await sendEmail({ to: c.email, email, emailType: "tier_review", businessId, customerId: c.id });
        if (sent.status === "sent") noticesSent++;
      }
    }
  }
  return { reviewed: due.length, movedDown, noticesSent };
}

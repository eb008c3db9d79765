import "server-only";
import { db } from "@/lib/db";
import { isConfigured } from "@/lib/env";
import type { AdminLoyaltyCardRow, WalletStats } from "@/lib/admin/monitoring/loyalty-card-monitoring";
import type { AdminLoyaltyCardsQuery } from "@/lib/admin/monitoring/loyalty-cards-query";

export const ADMIN_CARDS_SHOWN = 200;

/** GET /api/admin/loyalty-cards: cards across every (not deleted) business, newest first, filtered by business and pass status. */
export async function listAdminLoyaltyCards(q: AdminLoyaltyCardsQuery): Promise<AdminLoyaltyCardRow[]> {
  const cards = await db.loyaltyCard.findMany({
    where: {
      ...(q.businessId ? { businessId: q.businessId } : {}),
      ...(q.status ? { passkitStatus: q.status } : {}),
      business: { accountStatus: { not: "deleted" } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ADMIN_CARDS_SHOWN,
    include: { customer: { select: { name: true, email: true } }, business: { select: { name: true } }, _count: { select: { registrations: true } } },
  });
  const behind = (pushed: Date | null, tag: Date) => pushed === null || pushed < tag;
  return cards.map((c) => ({
    id: c.id,
    customerName: c.customer.name,
    customerEmail: c.customer.email,
    businessName: c.business.name,
    membershipNumber: c.membershipNumber,
    passkitStatus: c.passkitStatus,
    passUrl: c.passUrl,
    createdAt: c.createdAt.toISOString(),
    registrations: c._count.registrations,
    lastPushAt: c.lastPushAt?.toISOString() ?? null,
    lastPushError: c.lastPushError,
    pushPending:
      (isConfigured.apple && c._count.registrations > 0 && behind(c.applePushedTag, c.passUpdatedAt)) ||
      (isConfigured.google && c.googleObjectId !== null && behind(c.googlePushedTag, c.passUpdatedAt)),
  }));
}

/** GET /api/admin/make-stats: wallet-pass totals by outcome, how many businesses issue cards, and which providers are configured. */
export async function getWalletStats(): Promise<WalletStats> {
  const live = { business: { accountStatus: { not: "deleted" } } };
  const [byStatus, businesses] = await Promise.all([
    db.loyaltyCard.groupBy({ by: ["passkitStatus"], where: live, _count: { _all: true } }),
    db.loyaltyCard.groupBy({ by: ["businessId"], where: { business: { accountStatus: "active" } } }),
  ]);
  const count = (s: string) => byStatus.find((r) => r.passkitStatus === s)?._count._all ?? 0;
  return {
    totalPasses: byStatus.reduce((n, r) => n + r._count._all, 0),
    successfulPasses: count("created"),
    fallbackPasses: count("fallback"),
    failedPasses: count("failed"),
    activeBusinesses: businesses.length,
    integrations: { apple: isConfigured.apple, google: isConfigured.google, sms: isConfigured.sms, email: isConfigured.email, stripe: isConfigured.stripe },
  };
}

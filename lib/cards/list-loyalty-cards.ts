import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/generated/prisma/client";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { countCardTypesByStatus, type CardCounts } from "@/lib/cards/card-type";

type CardRow = Omit<LoyaltyCardDto, "lastUsedAt" | "createdAt"> & { lastUsedAt: Date | null; createdAt: Date };

/** The business's cards for customers who are not parked, newest first. One statement with a join
 *  (the card table is read by its businessId index, customers by primary key), so 10,000 cards
 *  cost one round trip and no per-card query. */
export async function listLoyaltyCards(businessId: number, limit?: number): Promise<LoyaltyCardDto[]> {
  const rows = await db.$queryRaw<CardRow[]>`
    SELECT lc.id, lc."customerId", c.name AS "customerName", c.email AS "customerEmail",
           c."accountStatus" AS "customerAccountStatus", c."sleepStatus" AS "customerSleepStatus",
           lc."membershipNumber", lc."cardNumber", c."totalPoints" AS "pointsBalance", lc."passkitStatus",
           lc."passUrl", lc."applePassUrl", lc."googlePassUrl", c."lastVisit" AS "lastUsedAt", lc."createdAt",
           CASE WHEN ts.enabled THEN c."tierName" END AS "tierName"
    FROM loyalty_cards lc
    JOIN customers c ON c.id = lc."customerId" AND c."businessId" = lc."businessId"
    LEFT JOIN tier_settings ts ON ts."businessId" = lc."businessId"
    WHERE lc."businessId" = ${businessId} AND c."parkedAt" IS NULL
    ORDER BY lc."createdAt" DESC, lc.id DESC
    ${limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
  return rows.map(({ tierName, ...r }) => ({
    ...r,
    ...(tierName ? { tierName } : {}), // only while tiers are on and the customer has one (issue 26)
    pointsBalance: Number(r.pointsBalance),
    lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** What the card hub shows first (issue 23: rendered on the server with the page): the newest
 *  `limit` cards, as GET /api/loyalty-cards lists them, and the counters over every card. */
export async function getCardHubStart(businessId: number, limit: number): Promise<{ cards: LoyaltyCardDto[]; counts: CardCounts }> {
  const [cards, groups] = await Promise.all([
    listLoyaltyCards(businessId, limit),
    db.$queryRaw<{ passkitStatus: string; count: number }[]>`
      SELECT lc."passkitStatus", count(*)::int AS count
      FROM loyalty_cards lc
      JOIN customers c ON c.id = lc."customerId" AND c."businessId" = lc."businessId"
      WHERE lc."businessId" = ${businessId} AND c."parkedAt" IS NULL
      GROUP BY lc."passkitStatus"`,
  ]);
  return { cards, counts: countCardTypesByStatus(groups) };
}

import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/generated/prisma/client";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { countCardTypesByStatus, type CardCounts } from "@/lib/cards/card-type";
import { likePattern } from "@/lib/rules/like-pattern";

type CardRow = Omit<LoyaltyCardDto, "lastUsedAt" | "createdAt"> & { lastUsedAt: Date | null; createdAt: Date };

/** The business's cards for customers who are not parked, newest first. One statement with a join
 *  (the card table is read by its businessId index, customers by primary key), so 10,000 cards
 *  cost one round trip and no per-card query. */
export async function listLoyaltyCards(businessId: number, limit?: number, where: Prisma.Sql = Prisma.empty): Promise<LoyaltyCardDto[]> {
  const rows = await db.$queryRaw<CardRow[]>`
    SELECT lc.id, lc."customerId", c.name AS "customerName", c.email AS "customerEmail",
           c."accountStatus" AS "customerAccountStatus", c."sleepStatus" AS "customerSleepStatus",
           lc."membershipNumber", lc."cardNumber", c."totalPoints" AS "pointsBalance", lc."passkitStatus",
           lc."passUrl", lc."applePassUrl", lc."googlePassUrl", c."lastVisit" AS "lastUsedAt", lc."createdAt",
           CASE WHEN ts.enabled THEN c."tierName" END AS "tierName"
    FROM loyalty_cards lc
    JOIN customers c ON c.id = lc."customerId" AND c."businessId" = lc."businessId"
    LEFT JOIN tier_settings ts ON ts."businessId" = lc."businessId"
    WHERE lc."businessId" = ${businessId} AND c."parkedAt" IS NULL ${where}
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
 *  `limit` cards, as GET /api/loyalty-cards?limit= lists them (with the next page's cursor), and
 *  the counters over every card. */
export async function getCardHubStart(businessId: number, limit: number): Promise<{ cards: LoyaltyCardDto[]; next: string | null; counts: CardCounts }> {
  const [{ cards, next }, groups] = await Promise.all([
    listLoyaltyCardPage(businessId, { limit }),
    db.$queryRaw<{ passkitStatus: string; count: number }[]>`
      SELECT lc."passkitStatus", count(*)::int AS count
      FROM loyalty_cards lc
      JOIN customers c ON c.id = lc."customerId" AND c."businessId" = lc."businessId"
      WHERE lc."businessId" = ${businessId} AND c."parkedAt" IS NULL
      GROUP BY lc."passkitStatus"`,
  ]);
  return { cards, next, counts: countCardTypesByStatus(groups) };
}

/** A card search's count stops here ("200+"), as the customer hub's does. */
export const CARD_SEARCH_COUNT_CAP = 200;

export type LoyaltyCardPage = {
  cards: LoyaltyCardDto[];
  /** The next page's cursor ("<createdAt in epoch ms>-<id>" of the last card), null on the last page. */
  next: string | null;
  /** A searched first page: how many cards match, exact up to CARD_SEARCH_COUNT_CAP. */
  matches?: { count: number; kind: "exact" | "at-least" };
};

/** GET /api/loyalty-cards?q=&cursor=&limit= (issue 23): the list above a page at a time, newest
 *  first (keyset on (createdAt, id), the (businessId, createdAt, id) index), searched on the
 *  server: the customer's name or email contains q, ignoring case (the card hub's search, spec 1;
 *  the customers' trigram indexes serve it). */
export async function listLoyaltyCardPage(
  businessId: number,
  page: { q?: string; cursor?: { createdAtMs: number; id: number }; limit: number; withMatches?: boolean },
): Promise<LoyaltyCardPage> {
  const q = page.q?.trim() ?? "";
  const search = q ? Prisma.sql`AND (c.name ILIKE ${likePattern(q)} OR c.email ILIKE ${likePattern(q)})` : Prisma.empty;
  const after = page.cursor
    ? Prisma.sql`AND (lc."createdAt", lc.id) < (timestamp 'epoch' + ${page.cursor.createdAtMs}::bigint * interval '1 millisecond', ${page.cursor.id}::int)`
    : Prisma.empty;
  const counting = q && page.withMatches && !page.cursor ? countCardMatches(businessId, search) : null;
  counting?.catch(() => {}); // rejects where it is awaited, below
  const rows = await listLoyaltyCards(businessId, page.limit + 1, Prisma.sql`${search} ${after}`);
  const cards = rows.slice(0, page.limit);
  const last = cards[cards.length - 1];
  const next = rows.length > page.limit && last ? `${Date.parse(last.createdAt)}-${last.id}` : null;
  if (!counting) return { cards, next };
  return { cards, next, matches: next === null ? { count: cards.length, kind: "exact" } : await counting };
}

async function countCardMatches(businessId: number, search: Prisma.Sql): Promise<{ count: number; kind: "exact" | "at-least" }> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId" AND c."businessId" = lc."businessId"
      WHERE lc."businessId" = ${businessId} AND c."parkedAt" IS NULL ${search}
      LIMIT ${CARD_SEARCH_COUNT_CAP + 1}) x`;
  const n = Number(row?.n ?? 0);
  return n > CARD_SEARCH_COUNT_CAP ? { count: CARD_SEARCH_COUNT_CAP, kind: "at-least" } : { count: n, kind: "exact" };
}

import { businessRoute } from "@/lib/api/route";
import { listLoyaltyCardPage, listLoyaltyCards } from "@/lib/cards/list-loyalty-cards";
import { loyaltyCardsQuery } from "@/lib/validation/loyalty-cards";

/** The card hub's page size when a request names none. */
const DEFAULT_LIMIT = 60;

// GET /api/loyalty-cards - list the business's loyalty cards (customers who are not parked), newest
// first. ?q=&cursor=&limit= (issue 23) searches (name or email) and reads a page; X-Next-Cursor names
// the next page; with total=1 a searched first page says how many match (X-Total-Count, X-Total-Kind).
export const GET = businessRoute({ query: loyaltyCardsQuery }, async ({ auth, query }) => {
  const { q, cursor, limit, total } = query;
  if (q === undefined && cursor === undefined && limit === undefined && total === undefined) return listLoyaltyCards(auth.businessId);
  const page = await listLoyaltyCardPage(auth.businessId, { q, cursor, limit: limit ?? DEFAULT_LIMIT, withMatches: total !== undefined });
  const headers: Record<string, string> = {};
  if (page.next) headers["x-next-cursor"] = page.next;
  if (page.matches) {
    headers["x-total-count"] = String(page.matches.count);
    headers["x-total-kind"] = page.matches.kind;
  }
  return Response.json(page.cards, { headers });
});

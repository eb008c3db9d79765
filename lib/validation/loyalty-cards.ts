import { z } from "zod";
import { createdAtCursor, pageLimit, searchText, totalFlag } from "@/lib/validation/paging";

// GET /api/loyalty-cards?q=&cursor=&limit=&total= (issue 23): the card hub searches and pages on
// the server. Without any of them the answer is the whole list (spec 1).

export const MAX_CARD_PAGE = 500;

export const loyaltyCardsQuery = z.object({
  q: searchText().optional(),
  limit: pageLimit(MAX_CARD_PAGE).optional(),
  /** The X-Next-Cursor header of the previous page: "<createdAt in epoch ms>-<id>". */
  cursor: createdAtCursor().optional(),
  /** total=1: a searched first page says how many cards match (X-Total-Count, X-Total-Kind). */
  total: totalFlag().optional(),
});

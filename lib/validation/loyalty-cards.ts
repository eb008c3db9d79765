import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";

// GET /api/loyalty-cards?q=&cursor=&limit=&total= (issue 23): the card hub searches and pages on
// the server. Without any of them the answer is the whole list (spec 1).

export const MAX_CARD_PAGE = 500;
const CURSOR_MESSAGE = "cursor must be the cursor a previous page returned";

export const loyaltyCardsQuery = z.object({
  q: z.string().max(100, "q must be at most 100 characters").optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_CARD_PAGE, `limit must be at most ${MAX_CARD_PAGE}`)
    .optional(),
  /** The X-Next-Cursor header of the previous page: "<createdAt in epoch ms>-<id>". */
  cursor: z
    .string()
    .regex(/^\d{1,15}-\d{1,10}$/, CURSOR_MESSAGE)
    .transform((v) => {
      const [createdAtMs, id] = v.split("-").map(Number);
      return { createdAtMs, id };
    })
    .refine((c) => c.id >= 1 && c.id <= MAX_DB_INT, CURSOR_MESSAGE)
    .optional(),
  /** total=1: a searched first page says how many cards match (X-Total-Count, X-Total-Kind). */
  total: z.enum(["1"], { error: "total must be 1" }).optional(),
});

import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";
import { PASS_STATUSES } from "@/lib/admin/monitoring/loyalty-card-monitoring";

// GET /api/admin/loyalty-cards?businessId=&status= (spec 3 section 3).

export const adminLoyaltyCardsQuery = z.object({
  businessId: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "" || v === "all") return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0 || n > MAX_DB_INT) {
        ctx.addIssue({ code: "custom", message: "businessId must be a positive whole number" });
        return z.NEVER;
      }
      return n;
    }),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "" || v === "all") return undefined;
      if (!(PASS_STATUSES as readonly string[]).includes(v)) {
        ctx.addIssue({ code: "custom", message: `status must be one of: all, ${PASS_STATUSES.join(", ")}` });
        return z.NEVER;
      }
      return v;
    }),
});
export type AdminLoyaltyCardsQuery = z.output<typeof adminLoyaltyCardsQuery>;

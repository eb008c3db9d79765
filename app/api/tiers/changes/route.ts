import { z } from "zod";
import { businessRoute } from "@/lib/api/route";
import { dbId } from "@/lib/validation/id";
import { listTierChanges } from "@/lib/tiers/list-tier-changes";

// GET /api/tiers/changes?customerId= - tier moves with their reasons, newest first (one customer or all)
export const GET = businessRoute({ query: z.object({ customerId: dbId("Invalid customer id").optional() }) }, ({ auth, query }) => listTierChanges(auth.businessId, query.customerId));

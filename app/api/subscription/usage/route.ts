import { businessRoute } from "@/lib/api/route";
import { getUsage } from "@/lib/customers/customer-usage";

// GET /api/subscription/usage - customers used against the plan's limit
export const GET = businessRoute({}, ({ auth }) => getUsage(auth.businessId));

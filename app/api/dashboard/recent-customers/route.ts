import { businessRoute } from "@/lib/api/route";
import { getRecentCustomers } from "@/lib/dashboard/get-recent-customers";

// GET /api/dashboard/recent-customers - the business's newest customers
export const GET = businessRoute({}, ({ auth }) => getRecentCustomers(auth.businessId));

import { adminRoute } from "@/lib/api/route";
import { adminLoyaltyCardsQuery } from "@/lib/admin/monitoring/loyalty-cards-query";
import { listAdminLoyaltyCards } from "@/lib/admin/monitoring/list-admin-loyalty-cards";

// GET /api/admin/loyalty-cards?businessId&status - loyalty cards across businesses, filtered
export const GET = adminRoute({ query: adminLoyaltyCardsQuery }, ({ query }) => listAdminLoyaltyCards(query));

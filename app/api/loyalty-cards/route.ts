import { businessRoute } from "@/lib/api/route";
import { listLoyaltyCards } from "@/lib/cards/list-loyalty-cards";

// GET /api/loyalty-cards - list the business's loyalty cards (customers who are not parked)
export const GET = businessRoute({}, ({ auth }) => listLoyaltyCards(auth.businessId));

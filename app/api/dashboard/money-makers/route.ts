import { businessRoute } from "@/lib/api/route";
import { getMoneyMakers } from "@/lib/dashboard/get-money-makers";

// GET /api/dashboard/money-makers - hall of fame: the top spenders
export const GET = businessRoute({}, ({ auth }) => getMoneyMakers(auth.businessId));

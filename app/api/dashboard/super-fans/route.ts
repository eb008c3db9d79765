import { businessRoute } from "@/lib/api/route";
import { getSuperFans } from "@/lib/dashboard/get-super-fans";

// GET /api/dashboard/super-fans - hall of fame: the customers with the most transactions
export const GET = businessRoute({}, ({ auth }) => getSuperFans(auth.businessId));

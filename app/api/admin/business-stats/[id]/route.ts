import { adminRoute, idParam } from "@/lib/api/route";
import { getBusinessStats } from "@/lib/admin/get-business-stats";

// GET /api/admin/business-stats/{id} - the Headlines tab's numbers for one business
export const GET = adminRoute({ params: idParam }, ({ params }) => getBusinessStats(params.id));

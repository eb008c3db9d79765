import { adminRoute } from "@/lib/api/route";
import { listBusinesses } from "@/lib/admin/list-businesses";

// GET /api/admin/businesses - every business that is not deleted, for the business picker
export const GET = adminRoute({}, () => listBusinesses());

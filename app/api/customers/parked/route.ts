import { businessRoute } from "@/lib/api/route";
import { listParkedCustomers } from "@/lib/customers/list-parked-customers";

// GET /api/customers/parked - parked customers with the days left before deletion
export const GET = businessRoute({}, ({ auth, now }) => listParkedCustomers(auth.businessId, now));

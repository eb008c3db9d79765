import { businessRoute } from "@/lib/api/route";
import { listCustomers } from "@/lib/customers/list-customers";

// GET /api/customers - the business's customers (not parked), newest first
export const GET = businessRoute({}, ({ auth }) => listCustomers(auth.businessId));

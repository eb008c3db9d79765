import { apiKeyRoute } from "@/lib/api/route";
import { customerLookupQuery } from "@/lib/api-v1/schemas";
import { findApiCustomer } from "@/lib/api-v1/find-customer";

// GET /api/v1/customers/lookup - find a customer by membership number, QR payload or phone (API key, read)
export const GET = apiKeyRoute({ query: customerLookupQuery }, ({ auth, query }) => findApiCustomer(auth.businessId, query));

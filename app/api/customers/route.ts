import { businessRoute } from "@/lib/api/route";
import { listCustomersJson } from "@/lib/customers/list-customers-json";

// GET /api/customers - the business's customers (not parked), newest first (JSON built by the database)
export const GET = businessRoute({}, async ({ auth }) =>
  new Response(await listCustomersJson(auth.businessId), { headers: { "content-type": "application/json" } }),
);

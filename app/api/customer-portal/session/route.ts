import { portalRoute } from "@/lib/api/route";

// GET /api/customer-portal/session - the email this browser has proven (401 when it has not)
export const GET = portalRoute({}, ({ auth }) => ({ email: auth.customerEmail }));

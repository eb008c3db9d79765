import { businessRoute } from "@/lib/api/route";
import { marketingExportResponse } from "@/lib/customers/stream-marketing-export";

// GET /api/customers/marketing-export - the marketing list (customers with email or SMS consent)
// as a CSV download, streamed from the database a batch at a time (issue 23); X-Export-Count says
// how many customers it holds.
export const GET = businessRoute({}, async ({ auth, now }) => marketingExportResponse(auth.businessId, now));

import { adminRoute } from "@/lib/api/route";
import { getWalletStats } from "@/lib/admin/monitoring/list-admin-loyalty-cards";

// GET /api/admin/make-stats - wallet-pass totals plus which providers (apple, google, sms, email, stripe) are configured
export const GET = adminRoute({}, () => getWalletStats());

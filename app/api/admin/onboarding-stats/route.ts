import { adminRoute } from "@/lib/api/route";
import { getOnboardingStats } from "@/lib/admin/get-onboarding-stats";

// GET /api/admin/onboarding-stats - how many businesses have customers and are founder members (issue 23: counted by the database)
export const GET = adminRoute({}, () => getOnboardingStats());

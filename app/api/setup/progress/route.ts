import { businessRoute } from "@/lib/api/route";
import { getSetupProgress } from "@/lib/onboarding/get-setup-progress";

// GET /api/setup/progress - the onboarding checklist: steps, achievements, total points (polled every 5 s)
export const GET = businessRoute({}, ({ auth }) => getSetupProgress(auth.businessId));

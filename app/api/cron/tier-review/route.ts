import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runTierReview } from "@/lib/tiers/run-tier-review";

// GET /api/cron/tier-review - the yearly VIP tier review of customers whose tier is a year old (daily)
export const GET = cronRoute({}, ({ now }) => runJob("tier-review", () => runTierReview(now)));

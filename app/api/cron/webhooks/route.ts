import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runWebhookJob } from "@/lib/outgoing-webhooks/deliver-webhooks";

// GET /api/cron/webhooks - retry due webhook deliveries with backoff for 24 hours (every minute)
export const GET = cronRoute({}, ({ now }) => runJob("webhooks", () => runWebhookJob(now)));

import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runAutomations } from "@/lib/automations/run-automations";

// GET /api/cron/automations - the daily automation run: birthday, win-back, nearly-there, reward available (daily, UK daytime)
export const GET = cronRoute({}, ({ now }) => runJob("automations", () => runAutomations(now)));

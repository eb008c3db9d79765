import { businessRoute } from "@/lib/api/route";
import { listAutomations } from "@/lib/automations/manage-automations";

// GET /api/automations - the business's four automations (birthday, win-back, nearly-there, reward available)
export const GET = businessRoute({}, ({ auth }) => listAutomations(auth.businessId));

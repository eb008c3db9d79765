import { businessRoute } from "@/lib/api/route";
import { automationKindParam, automationUpdateSchema } from "@/lib/automations/automation-update-schema";
import { updateAutomation } from "@/lib/automations/manage-automations";

// PUT /api/automations/{kind} - save one automation's settings, template and on/off switch
export const PUT = businessRoute({ params: automationKindParam, body: automationUpdateSchema }, ({ auth, params, body }) => updateAutomation(auth, params.kind, body));

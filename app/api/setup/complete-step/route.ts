import { businessRoute } from "@/lib/api/route";
import { completeStepSchema } from "@/lib/validation/account";
import { completeSetupStep } from "@/lib/onboarding/complete-setup-step";

// POST /api/setup/complete-step - tick off an onboarding step by hand (event-driven steps only once their event happened)
export const POST = businessRoute({ body: completeStepSchema }, ({ auth, body, now }) => completeSetupStep(auth, body.stepId, now));

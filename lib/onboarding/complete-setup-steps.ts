import "server-only";
import { db, type Tx } from "@/lib/db";

import type { SetupStepKey } from "@/lib/onboarding/progress";

// The step ids have one home, lib/onboarding/progress (SETUP_STEP_IDS).
export type SetupStepId = SetupStepKey;

/** Marks onboarding steps done when the real event happens; already-done steps stay as they were. */
export async function completeSetupSteps(tx: Tx = db, businessId: number, steps: SetupStepId[], now = new Date()): Promise<void> {
  await tx.setupStep.createMany({ data: steps.map((stepId) => ({ businessId, stepId, completedAt: now })), skipDuplicates: true });
}

import "server-only";
import { db, type Tx } from "@/lib/db";

export const SETUP_STEPS = ["welcome", "business_profile", "first_customer", "generate_loyalty_card", "create_voucher", "complete_transaction", "email_integration"] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

/** Marks onboarding steps done when the real event happens; already-done steps stay as they were. */
export async function completeSetupSteps(tx: Tx = db, businessId: number, steps: SetupStepId[], now = new Date()): Promise<void> {
  await tx.setupStep.createMany({ data: steps.map((stepId) => ({ businessId, stepId, completedAt: now })), skipDuplicates: true });
}

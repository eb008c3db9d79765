import "server-only";
import { db } from "@/lib/db";
import { badRequest, conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { businessSettingsSchema } from "@/lib/validation/account";
import { isSetupStepId, SETUP_STEPS, type SetupStepKey } from "@/lib/onboarding/progress";
import { getSetupProgress } from "@/lib/onboarding/get-setup-progress";

// POST /api/setup/complete-step. welcome and email_integration are ticked off by hand;
// business_profile only when the profile passes the account hub's own rules. The other four
// complete themselves when the real thing happens (customer, card, transaction, voucher): asked by
// hand, they are completed only if that has already happened (e.g. before the checklist existed),
// and otherwise refused with what to do.

export const STEP_NOT_READY: Record<Exclude<SetupStepKey, "welcome" | "email_integration">, string> = {
  business_profile: "Please complete your business profile (name, address and phone) in the account hub first.",
  first_customer: "Add your first customer to complete this step: it completes itself when the customer is signed up.",
  generate_loyalty_card: "Generate a loyalty card for a customer to complete this step: it completes itself when the card is created.",
  complete_transaction: "Record your first transaction to complete this step: it completes itself when the transaction is saved.",
  create_voucher: "Create your first voucher to complete this step: it completes itself when the voucher is sent.",
};

async function hasHappened(businessId: number, stepId: SetupStepKey): Promise<boolean> {
  switch (stepId) {
    case "welcome":
    case "email_integration":
      return true;
    case "business_profile": {
      const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { name: true, businessAddress: true, phone: true, website: true } });
      return businessSettingsSchema.safeParse({ businessName: b.name, businessAddress: b.businessAddress, phone: b.phone, website: b.website }).success;
    }
    case "first_customer":
      return (await db.customer.count({ where: { businessId } })) > 0;
    case "generate_loyalty_card":
      return (await db.loyaltyCard.count({ where: { businessId } })) > 0;
    case "complete_transaction":
      return (await db.transaction.count({ where: { businessId } })) > 0;
    case "create_voucher":
      return (await db.voucher.count({ where: { businessId } })) > 0;
  }
}

export async function completeSetupStep(auth: BusinessPrincipal, rawStepId: string, now: Date) {
  if (!isSetupStepId(rawStepId)) throw badRequest(`Unknown setup step "${rawStepId}"`);
  const stepId = rawStepId;
  const businessId = auth.businessId;
  const step = SETUP_STEPS.find((s) => s.id === stepId)!;

  const existing = await db.setupStep.findUnique({ where: { businessId_stepId: { businessId, stepId } } });
  if (existing) {
    return { message: "Step already completed", alreadyCompleted: true, stepId, progress: await getSetupProgress(businessId) };
  }
  if (!(await hasHappened(businessId, stepId))) throw conflict(STEP_NOT_READY[stepId as keyof typeof STEP_NOT_READY]);

  await db.$transaction(async (tx) => {
    // Two clicks at once: only the one that inserts the row logs it.
    const inserted = await tx.setupStep.createMany({ data: [{ businessId, stepId, completedAt: now }], skipDuplicates: true });
    if (inserted.count === 0) return;
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "setup_step_completed",
        description: `Completed the onboarding step "${step.title}" (+${step.points} points)`,
        tableName: "setup_steps",
        recordId: stepId,
        newValues: { stepId, completedAt: now.toISOString() },
      },
      tx,
    );
  });
  return { message: "Step Completed!", alreadyCompleted: false, stepId, progress: await getSetupProgress(businessId) };
}

import "server-only";
import { db, type Tx } from "@/lib/db";
import { buildSetupProgress, type SetupProgress } from "@/lib/onboarding/progress";

/** GET /api/setup/progress: the business's checklist, achievements and points. */
export async function getSetupProgress(businessId: number, tx: Tx = db): Promise<SetupProgress> {
  const rows = await tx.setupStep.findMany({ where: { businessId }, select: { stepId: true, completedAt: true } });
  return buildSetupProgress(rows);
}

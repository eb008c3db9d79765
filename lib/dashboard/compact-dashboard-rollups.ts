import "server-only";
import { db } from "@/lib/db";

/** GET /api/cron/dashboard-rollups (every minute, under the job lease): folds every delta the
 *  rollup triggers appended into the compacted per-business rows, in one statement
 *  (dashboard_rollups_compact, migration 20261126032600_dashboard_rollups), so that a dashboard read
 *  sums at most a minute's deltas. Idempotent: a second run finds nothing to fold. */
export async function compactDashboardRollups(): Promise<{ dayDeltas: number; totalDeltas: number }> {
  const [r] = await db.$queryRaw<{ dayDeltas: bigint; totalDeltas: bigint }[]>`SELECT "dayDeltas", "totalDeltas" FROM dashboard_rollups_compact()`;
  return { dayDeltas: Number(r.dayDeltas), totalDeltas: Number(r.totalDeltas) };
}

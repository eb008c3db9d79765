import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { getInsightsSnapshot, SNAPSHOT_MAX_AGE_MS } from "@/lib/insights/get-insights-snapshot";

// Issue 25: the daily insights pass (GET /api/cron/insights, under the cron lease): a new snapshot
// for every business with customers whose snapshot is missing or more than REFRESH_AFTER_MS old,
// oldest first, one business at a time (each under its own lease, so a page request computing the
// same business at that moment is waited for, not repeated). It stops after `budgetMs`, inside the
// cron lease; businesses left over are computed on demand, or by the next run.

const REFRESH_AFTER_MS = SNAPSHOT_MAX_AGE_MS - 4 * 60 * 60 * 1000;
const BUDGET_MS = 8 * 60 * 1000;

/** `only` limits the pass to those businesses (tests: the database holds other tests' businesses). */
export async function refreshInsightsSnapshots(now: Date, opts: { budgetMs?: number; only?: number[] } = {}): Promise<{ computed: number; failed: number; leftOver: number }> {
  const { budgetMs = BUDGET_MS, only = null } = opts;
  const started = Date.now();
  const due = await db.$queryRaw<{ id: number }[]>`
    SELECT b.id FROM businesses b LEFT JOIN insights_snapshots s ON s."businessId" = b.id
    WHERE EXISTS (SELECT 1 FROM customers c WHERE c."businessId" = b.id)
      AND (${only}::int[] IS NULL OR b.id = ANY(${only}::int[]))
      AND (s."computedAt" IS NULL OR s."computedAt" <= ${new Date(now.getTime() - REFRESH_AFTER_MS)})
    ORDER BY s."computedAt" NULLS FIRST, b.id`;
  let computed = 0;
  let failed = 0;
  for (const { id } of due) {
    if (Date.now() - started > budgetMs) break;
    try {
      await getInsightsSnapshot(id, now, { fresh: true });
      computed++;
    } catch (err) {
      failed++;
      log.error({ businessId: id, err, event: "insights_snapshot_failed" }, "insights snapshot failed");
    }
  }
  return { computed, failed, leftOver: due.length - computed - failed };
}

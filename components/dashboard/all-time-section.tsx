"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPoundsTwoDecimals, formatWholePoundsFromPence } from "@/lib/rules/dashboard-format";
import type { DashboardStats } from "@/lib/dashboard/types";
import type { TileKey } from "@/lib/rules/badges";
import { StatTile } from "@/components/dashboard/stat-tile";
import { QueryError } from "@/components/ui/query-error";

// The all-time performance section: 8 tiles (spec 1 section 2), formats of section 9.

type TileSpec = { key: TileKey; label: string; value: (s: DashboardStats) => number; display: (s: DashboardStats) => string; info: string };

export const TILES: TileSpec[] = [
  {
    key: "totalSignups",
    label: "total signups",
    value: (s) => s.totalCustomers,
    display: (s) => formatCount(s.totalCustomers),
    info: "everyone who has joined your loyalty club and is still on your books (parked customers are not counted).",
  },
  {
    key: "activeCustomers",
    label: "active customers",
    value: (s) => s.activeCustomers,
    display: (s) => formatCount(s.activeCustomers),
    info: "customers engaged in the last 3 months: they visited (or joined) within 3 months, the same rule that keeps them awake.",
  },
  {
    key: "pointsEarned",
    label: "points earned",
    value: (s) => s.totalPointsEarned,
    display: (s) => formatCount(s.totalPointsEarned),
    info: "all the points your customers have earned from purchases, bonuses and adjustments.",
  },
  {
    key: "transactionValue",
    label: "transaction value",
    value: (s) => s.totalTransactionValue,
    display: (s) => formatPoundsTwoDecimals(s.totalTransactionValue),
    info: "the total of every purchase you have recorded (deleted transactions are left out).",
  },
  {
    key: "pointsBurned",
    label: "points burned",
    value: (s) => s.pointsBurned,
    display: (s) => formatCount(s.pointsBurned),
    info: "points your customers have redeemed for rewards.",
  },
  {
    key: "pointsToClaim",
    label: "points to claim",
    value: (s) => s.pointsToClaim,
    display: (s) => formatCount(s.pointsToClaim),
    info: "points your customers hold right now and can still spend with you.",
  },
  {
    key: "vouchersRaised",
    label: "vouchers raised",
    value: (s) => s.vouchersValue,
    display: (s) => formatWholePoundsFromPence(s.vouchersValue),
    info: "the value of every voucher you have sent (not cancelled); a percentage voucher counts its maximum discount.",
  },
  {
    key: "vouchersRedeemed",
    label: "vouchers redeemed",
    value: (s) => s.vouchersRedeemed,
    display: (s) => formatWholePoundsFromPence(s.vouchersRedeemed),
    info: "the discounts your customers have actually received with their vouchers.",
  },
];

type Props = { stats: DashboardStats | undefined; pending: boolean; error: unknown; onRetry: () => void };

export function AllTimeSection({ stats, pending, error, onRetry }: Props) {
  return (
    <section aria-labelledby="all-time-heading" className="space-y-3">
      <h2 id="all-time-heading" className="text-lg font-semibold">
        all-time performance
      </h2>
      {pending ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy="true" aria-label="loading your figures">
          {TILES.map((t) => (
            <Skeleton key={t.key} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : stats ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TILES.map((t) => (
            <StatTile key={t.key} tileKey={t.key} label={t.label} value={t.value(stats)} display={t.display(stats)} info={t.info} />
          ))}
        </div>
      ) : (
        <QueryError title="we couldn't load your figures" error={error} onRetry={onRetry} />
      )}
    </section>
  );
}

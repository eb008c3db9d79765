import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPoundsTwoDecimals, formatWholePoundsFromPence } from "@/lib/rules/dashboard-format";
import type { DashboardStats, Settled } from "@/lib/dashboard/types";
import type { TileKey } from "@/lib/rules/badges";
import { StatTile } from "@/components/dashboard/stat-tile";
import { DashboardReadError } from "@/components/dashboard/dashboard-read-error";

// The all-time performance section: 8 tiles (spec 1 section 2), formats of section 9. A server
// component; each tile's info toggle is a client island (stat-tile.tsx).

type TileSpec = { key: TileKey; label: string; value: (s: DashboardStats) => number; display: (s: DashboardStats) => string; info: string };
type NumericStat = { [K in keyof DashboardStats]: DashboardStats[K] extends number ? K : never }[keyof DashboardStats];

/** A tile showing one figure of the stats in one format. */
const tile = (key: TileKey, label: string, field: NumericStat, format: (n: number) => string, info: string): TileSpec => ({
  key,
  label,
  value: (s) => s[field],
  display: (s) => format(s[field]),
  info,
});

export const TILES: TileSpec[] = [
  tile("totalSignups", "total signups", "totalCustomers", formatCount, "everyone who has joined your loyalty club and is still on your books (parked customers are not counted)."),
  tile("activeCustomers", "active customers", "activeCustomers", formatCount, "customers engaged in the last 3 months: they visited (or joined) within 3 months, the same rule that keeps them awake."),
  tile("pointsEarned", "points earned", "totalPointsEarned", formatCount, "all the points your customers have earned from purchases, bonuses and adjustments."),
  tile("transactionValue", "transaction value", "totalTransactionValue", formatPoundsTwoDecimals, "the total of every purchase you have recorded (deleted transactions are left out)."),
  tile("pointsBurned", "points burned", "pointsBurned", formatCount, "points your customers have redeemed for rewards."),
  tile("pointsToClaim", "points to claim", "pointsToClaim", formatCount, "points your customers hold right now and can still spend with you."),
  tile("vouchersRaised", "vouchers raised", "vouchersValue", formatWholePoundsFromPence, "the value of every voucher you have sent (not cancelled); a percentage voucher counts its maximum discount."),
  tile("vouchersRedeemed", "vouchers redeemed", "vouchersRedeemed", formatWholePoundsFromPence, "the discounts your customers have actually received with their vouchers."),
];

/** read: the server's read of the stats; undefined while it is being read (skeletons). */
export function AllTimeSection({ read }: { read: Settled<DashboardStats> | undefined }) {
  const stats = read?.data;
  return (
    <section aria-labelledby="all-time-heading" className="space-y-3">
      <h2 id="all-time-heading" className="text-lg font-semibold">
        all-time performance
      </h2>
      {read === undefined ? (
        <div role="status" className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy="true" aria-label="loading your figures">
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
        <DashboardReadError title="we couldn't load your figures" message={read.error ?? ""} />
      )}
    </section>
  );
}

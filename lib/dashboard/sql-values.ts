import "server-only";
import { Prisma } from "@/generated/prisma/client";

// Shared pieces of the dashboard's aggregate SQL.

/** Raw aggregates come back as BigInt (count, sum of int), Decimal (numeric) or number. */
export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return Number(String(value));
}

/** Pence to pounds, rounded to 2 decimals (the API's pound figures). */
export const penceToPoundsNumber = (pence: number) => Math.round(pence) / 100;

/** Customers the business sees in its hub and counts: neither parked nor archived. */
export const LISTED_CUSTOMER = Prisma.sql`"parkedAt" IS NULL AND "accountStatus" <> 'archived'`;

// Which transactions, vouchers and customers each rollup figure counts (gifts earn no points, a
// voucher's value, cancelled and deleted vouchers) is written once, in the triggers of migration
// 20261126032600_dashboard_rollups (read through lib/dashboard/rollup-sql.ts).

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

/** Transaction types that create or spend points. A gift moves points between two customers and
 *  creates none, so it counts neither as earned nor as burned. */
export const POINTS_TYPES = Prisma.sql`"type" <> 'gift_points'`;

/** The money value of one voucher in pence: a fixed voucher is worth its value; a percentage
 *  voucher is worth its cap (maxDiscountPence) when it has one, else nothing until it is used. */
export const VOUCHER_VALUE_PENCE = Prisma.sql`CASE WHEN "discountType" = 'fixed' THEN round("discountValue" * 100) ELSE COALESCE("maxDiscountPence", 0) END`;

/** Vouchers that count as raised: every one but those the business cancelled or deleted. */
export const RAISED_VOUCHER = Prisma.sql`"status" NOT IN ('cancelled', 'deleted')`;

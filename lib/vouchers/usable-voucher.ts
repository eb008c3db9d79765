import type { Prisma } from "@/generated/prisma/client";

// The usable-voucher test, one home (issue 21). The same rule as effectiveVoucherStatus in
// lib/rules/vouchers.ts, written as a Prisma filter so the database does the selecting:
// a voucher is active when its status is 'active' and it is not past its expiry at `now`; it is
// usable (at the till, in the portal, through the API) when it is also switched on (isActive).

/** Active: status 'active' and no expiry, or an expiry after now (may still be edited or cancelled). */
export const activeVoucherWhere = (now: Date) =>
  ({ status: "active", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.VoucherWhereInput;

/** Usable: active and switched on. */
export const usableVoucherWhere = (now: Date) => ({ ...activeVoucherWhere(now), isActive: true }) satisfies Prisma.VoucherWhereInput;

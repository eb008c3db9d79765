import "server-only";
import { db } from "@/lib/db";
import { penceToPounds } from "@/lib/customers/customer-dto";
import { portalCustomerWhere, type PortalScope } from "@/lib/portal-access/portal-scope";
import type { PortalAccount } from "@/lib/portal/types";

/** Account (multi-business), spec 3 section 3: every open account of the address, oldest first. */
export async function listPortalAccounts(scope: PortalScope): Promise<PortalAccount[]> {
  const rows = await db.customer.findMany({
    where: portalCustomerWhere(scope),
    select: { id: true, membershipNumber: true, totalPoints: true, lifetimeSpentPence: true, createdAt: true, email: true, accountStatus: true, business: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    businessName: r.business.name,
    membershipNumber: r.membershipNumber,
    totalPoints: r.totalPoints,
    lifetimeSpent: penceToPounds(r.lifetimeSpentPence),
    createdAt: r.createdAt.toISOString(),
    email: r.email,
    accountStatus: r.accountStatus,
  }));
}

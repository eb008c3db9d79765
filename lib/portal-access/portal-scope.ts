import type { Prisma } from "@/generated/prisma/client";

// The customer accounts a proven address may see: one per business that has this email, not
// closed (closing is permanent), at businesses that still operate. The portal view further needs
// a welcome email to have been sent (spec 3 section 6).
// lib/portal-access is a leaf (issue 21): the customers' welcome email issues portal links and
// the portal's use cases read and open them, so neither folder needs the other for this.

/** What a portal session may see: every open account of the proven address (an emailed code proves
 *  the inbox), or only one customer record (a session opened by an emailed link, issue 19). */
export type PortalScope = { email: string; onlyCustomerId?: number | null };

export function portalCustomerWhere(scope: PortalScope): Prisma.CustomerWhereInput {
  return {
    email: scope.email,
    ...(scope.onlyCustomerId ? { id: scope.onlyCustomerId } : {}),
    accountStatus: { notIn: ["closed", "archived"] },
    business: { accountStatus: { notIn: ["closed", "deleted"] } },
  };
}

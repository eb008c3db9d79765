import "server-only";
import { db, type Tx } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/errors/api-error";
import type { CustomerPrincipal } from "@/lib/auth/principal";
import { portalCustomerWhere, type PortalScope } from "@/lib/portal-access/portal-scope";

// The portal's view of a session's customers; which records an address may see is
// lib/portal-access/portal-scope.ts.

export const CUSTOMER_NOT_FOUND = "customer not found";

/** The scope of the session, after checking that a path or body email is the one it proved. */
export function portalScope(auth: CustomerPrincipal, email: string = auth.customerEmail): PortalScope {
  assertOwnEmail(auth, email);
  return { email: auth.customerEmail, onlyCustomerId: auth.customerId };
}

/** The path or body email must be the one this session proved (403 otherwise). */
export function assertOwnEmail(auth: CustomerPrincipal, email: string): void {
  if (auth.customerEmail.toLowerCase() !== email.toLowerCase()) {
    throw forbidden("You can only see the account of the email address you verified");
  }
}

/** The one account a call is about: the chosen one, or the only one. */
export async function resolvePortalCustomer(scope: PortalScope, customerId: number | undefined, tx: Tx = db) {
  if (customerId !== undefined && scope.onlyCustomerId && customerId !== scope.onlyCustomerId) throw notFound(CUSTOMER_NOT_FOUND);
  const rows = await tx.customer.findMany({
    where: { ...portalCustomerWhere(scope), ...(customerId ? { id: customerId } : {}) },
    include: { business: { select: { id: true, name: true } } },
    orderBy: { createdAt: "asc" },
    take: customerId ? 1 : 2,
  });
  if (rows.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
  if (rows.length > 1) throw badRequest("Please choose an account");
  return rows[0];
}

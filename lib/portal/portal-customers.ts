import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/api/errors";
import type { CustomerPrincipal } from "@/lib/auth/principal";

// The customer accounts a proven address may see: one per business that has this email, not
// closed (closing is permanent), at businesses that still operate. The portal view further needs
// a welcome email to have been sent (spec 3 section 6).

export const CUSTOMER_NOT_FOUND = "customer not found";

export function portalCustomerWhere(email: string): Prisma.CustomerWhereInput {
  return {
    email,
    accountStatus: { notIn: ["closed", "archived"] },
    business: { accountStatus: { notIn: ["closed", "deleted"] } },
  };
}

/** The path or body email must be the one this session proved (403 otherwise). */
export function assertOwnEmail(auth: CustomerPrincipal, email: string): void {
  if (auth.customerEmail.toLowerCase() !== email.toLowerCase()) {
    throw forbidden("You can only see the account of the email address you verified");
  }
}

/** The one account a call is about: the chosen one, or the only one. */
export async function resolvePortalCustomer(email: string, customerId: number | undefined, tx: Tx = db) {
  const rows = await tx.customer.findMany({
    where: { ...portalCustomerWhere(email), ...(customerId ? { id: customerId } : {}) },
    include: { business: { select: { id: true, name: true } } },
    orderBy: { createdAt: "asc" },
    take: customerId ? 1 : 2,
  });
  if (rows.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
  if (rows.length > 1) throw badRequest("Please choose an account");
  return rows[0];
}

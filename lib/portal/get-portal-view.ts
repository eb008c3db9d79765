import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { penceToPounds } from "@/lib/customers/customer-dto";
import { PORTAL_TRANSACTIONS_LIMIT } from "@/lib/validation/portal";
import { CUSTOMER_NOT_FOUND } from "@/lib/portal/portal-customers";
import { portalCustomerWhere, type PortalScope } from "@/lib/portal-access/portal-scope";
import type { PortalAccountLink, PortalCustomer } from "@/lib/portal/types";
import { getTierAndReferral } from "@/lib/tiers/get-tier-and-referral";
import { usableVoucherWhere } from "@/lib/vouchers/usable-voucher";

/** The customer portal view (spec 3 section 3) of a proven address: the chosen account, or the most
 *  recently used one, with the list of all its accounts for switching. Only accounts that were sent
 *  a welcome email are shown. */
export async function getPortalView(scope: PortalScope, customerId: number | undefined, now = new Date()): Promise<{ customer: PortalCustomer | null; accounts: PortalAccountLink[] }> {
  const links = await db.customer.findMany({
    where: { ...portalCustomerWhere(scope), welcomeEmailSentAt: { not: null } },
    select: { id: true, business: { select: { name: true } } },
    orderBy: [{ lastVisit: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
  });
  const accounts = links.map((l) => ({ id: l.id, businessName: l.business.name }));
  if (customerId !== undefined && !accounts.some((a) => a.id === customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const id = customerId ?? accounts[0]?.id;
  if (id === undefined) return { customer: null, accounts };

  const c = await db.customer.findUniqueOrThrow({
    where: { id },
    include: {
      business: { select: { name: true } },
      card: { select: { passUrl: true, applePassUrl: true, googlePassUrl: true } },
      vouchers: {
        where: usableVoucherWhere(now),
        orderBy: [{ expiresAt: { sort: "asc", nulls: "last" } }, { id: "desc" }],
      },
      transactions: { where: { deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: PORTAL_TRANSACTIONS_LIMIT },
    },
  });
  const extras = await getTierAndReferral(c.businessId, c.id); // issue 26
  return {
    accounts,
    customer: {
      ...extras,
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      address: c.address,
      postcode: c.postcode,
      membershipNumber: c.membershipNumber,
      totalPoints: c.totalPoints,
      lifetimeSpent: penceToPounds(c.lifetimeSpentPence),
      passUrl: c.card?.passUrl ?? c.card?.applePassUrl ?? c.card?.googlePassUrl ?? null,
      createdAt: c.createdAt.toISOString(),
      lastVisit: c.lastVisit?.toISOString() ?? null,
      // The rate this customer earns at (customers carry their own copy of the business's rate).
      business: { name: c.business.name, pointsPerPound: Number(c.pointsPerPound) },
      vouchers: c.vouchers.map((v) => ({
        id: v.id,
        title: v.title,
        description: v.description,
        status: v.status,
        discountPercent: v.discountType === "percentage" ? Number(v.discountValue) : null,
        discountAmount: v.discountType === "percentage" ? null : Number(v.discountValue).toFixed(2),
        expiryDate: v.expiresAt?.toISOString() ?? null,
        promoCode: v.promoCode,
      })),
      transactions: c.transactions.map((t) => ({
        id: t.id,
        type: t.type,
        amount: penceToPounds(t.amountPence),
        pointsEarned: t.pointsEarned,
        pointsRedeemed: t.pointsRedeemed,
        createdAt: t.createdAt.toISOString(),
      })),
    },
  };
}

import "server-only";
import type { Business } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { formatRate } from "@/lib/rules/rates";

// The business picker's rows: every business that is not deleted, newest first.

export type AdminBusinessDto = {
  id: number;
  name: string;
  email: string;
  phone: string;
  businessAddress: string;
  ownerName: string;
  subscriptionStatus: string;
  accountStatus: string;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  customerCount: number;
  customerLimit: number;
  pointsPerPound: number;
  redemptionValue: string;
  subscriptionPrice: string | null;
  isFounderMember: boolean;
  founderMemberGrantedAt: string | null;
  founderMemberGrantedBy: string | null;
  referralCode: string | null;
  trialEndsAt: string | null;
  createdAt: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAdminBusinessDto(b: Business, customerCount: number): AdminBusinessDto {
  return {
    id: b.id,
    name: b.name,
    email: b.email,
    phone: b.phone,
    businessAddress: b.businessAddress,
    ownerName: `${b.ownerFirstName} ${b.ownerLastName}`.trim(),
    subscriptionStatus: b.subscriptionStatus,
    accountStatus: b.accountStatus,
    statusChangedAt: iso(b.statusChangedAt),
    statusChangedBy: b.statusChangedBy,
    customerCount,
    customerLimit: b.customerLimit,
    pointsPerPound: Number(b.pointsPerPound),
    redemptionValue: formatRate(Number(b.redemptionValue)),
    subscriptionPrice: b.subscriptionPricePence === null ? null : (b.subscriptionPricePence / 100).toFixed(2),
    isFounderMember: b.isFounderMember,
    founderMemberGrantedAt: iso(b.founderMemberGrantedAt),
    founderMemberGrantedBy: b.founderMemberGrantedBy,
    referralCode: b.referralCode,
    trialEndsAt: iso(b.trialEndsAt),
    createdAt: b.createdAt.toISOString(),
  };
}

/** customerCount counts customers that are not closed (the business's own usage rule excludes parked ones too; the admin sees all open accounts). */
export async function countCustomers(businessIds: number[]): Promise<Map<number, number>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db.customer.groupBy({ by: ["businessId"], where: { businessId: { in: businessIds }, accountStatus: { not: "closed" } }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.businessId, r._count._all]));
}

export async function listBusinesses(): Promise<AdminBusinessDto[]> {
  const businesses = await db.business.findMany({ where: { accountStatus: { not: "deleted" } }, orderBy: { createdAt: "desc" } });
  const counts = await countCustomers(businesses.map((b) => b.id));
  return businesses.map((b) => toAdminBusinessDto(b, counts.get(b.id) ?? 0));
}

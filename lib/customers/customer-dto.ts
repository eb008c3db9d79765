import type { Customer, LoyaltyCard } from "@/generated/prisma/client";
import { formatRate } from "@/lib/rules/rates";

// The merchant's view of a customer (spec 1 section 3), as every customer endpoint returns it.
// Money is pence in the database and a decimal string here (lifetimeSpent "12.50").

export type CustomerDto = {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null; // yyyy-mm-dd
  membershipNumber: string;
  totalPoints: number;
  lifetimeSpent: string;
  lastVisit: string | null;
  createdAt: string;
  accountStatus: string; // active | snoozed | closed
  sleepStatus: string; // active | asleep | scheduled_deletion
  marketingConsentEmail: boolean;
  marketingConsentSms: boolean;
  marketingPreferencesLastUpdatedBy: string | null;
  marketingPreferencesLastUpdatedAt: string | null;
  pointsPerPound: number;
  redemptionValue: string;
  minimumRedemption: number;
  closedAt: string | null;
  isParked: boolean;
  applePassUrl: string | null;
  googlePassUrl: string | null;
  passkitStatus: string | null;
};

export const penceToPounds = (pence: number) => (pence / 100).toFixed(2);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toCustomerDto(c: Customer & { card?: Pick<LoyaltyCard, "applePassUrl" | "googlePassUrl" | "passkitStatus"> | null }): CustomerDto {
  return {
    id: c.id,
    name: c.name,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    dateOfBirth: c.dateOfBirth ? c.dateOfBirth.toISOString().slice(0, 10) : null,
    membershipNumber: c.membershipNumber,
    totalPoints: c.totalPoints,
    lifetimeSpent: penceToPounds(c.lifetimeSpentPence),
    lastVisit: iso(c.lastVisit),
    createdAt: c.createdAt.toISOString(),
    accountStatus: c.accountStatus,
    sleepStatus: c.sleepStatus,
    marketingConsentEmail: c.marketingConsentEmail,
    marketingConsentSms: c.marketingConsentSms,
    marketingPreferencesLastUpdatedBy: c.marketingPreferencesLastUpdatedBy,
    marketingPreferencesLastUpdatedAt: iso(c.marketingPreferencesLastUpdatedAt),
    pointsPerPound: Number(c.pointsPerPound),
    redemptionValue: formatRate(Number(c.redemptionValue)),
    minimumRedemption: c.minimumRedemption,
    closedAt: iso(c.closedAt),
    isParked: c.parkedAt !== null,
    applePassUrl: c.card?.applePassUrl ?? null,
    googlePassUrl: c.card?.googlePassUrl ?? null,
    passkitStatus: c.card?.passkitStatus ?? null,
  };
}

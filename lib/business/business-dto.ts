import type { Business } from "@/generated/prisma/client";
import { effectiveRates, formatRate } from "@/lib/rules/rates";

// The business's own views of its record. No server-only import: the points hub and the account
// screens use the types. Rates: pointsPerPound is a number, redemptionValue a string of pounds per
// 100 points ("1.00"); never the password hash, reset token or Stripe ids.

/** GET /api/business/profile: the points configuration (spec 2 section 3), with the fallbacks. */
export type BusinessProfileDto = {
  pointsPerPound: number;
  redemptionValue: string;
  minimumRedemption: number;
  newCustomerPointsPerPound: number;
  newCustomerRedemptionValue: string;
  minimumRedemptionUpdatedAt: string | null;
  minimumRedemptionUpdatedBy: string | null;
  previousMinimumRedemption: number | null;
  subscriptionStatus: string;
  customerLimit: number;
};

type ProfileSource = Pick<
  Business,
  | "pointsPerPound"
  | "redemptionValue"
  | "minimumRedemption"
  | "newCustomerPointsPerPound"
  | "newCustomerRedemptionValue"
  | "minimumRedemptionUpdatedAt"
  | "minimumRedemptionUpdatedBy"
  | "previousMinimumRedemption"
  | "subscriptionStatus"
  | "customerLimit"
>;

export function toBusinessProfileDto(b: ProfileSource): BusinessProfileDto {
  const current = effectiveRates(b);
  const newCustomer = effectiveRates({ pointsPerPound: b.newCustomerPointsPerPound, redemptionValue: b.newCustomerRedemptionValue });
  return {
    pointsPerPound: current.pointsPerPound,
    redemptionValue: formatRate(current.redemptionValue),
    minimumRedemption: current.minimumRedemption,
    newCustomerPointsPerPound: newCustomer.pointsPerPound,
    newCustomerRedemptionValue: formatRate(newCustomer.redemptionValue),
    minimumRedemptionUpdatedAt: b.minimumRedemptionUpdatedAt?.toISOString() ?? null,
    minimumRedemptionUpdatedBy: b.minimumRedemptionUpdatedBy,
    previousMinimumRedemption: b.previousMinimumRedemption,
    subscriptionStatus: b.subscriptionStatus,
    customerLimit: b.customerLimit,
  };
}

/** GET /api/business: the business settings record (spec 3 sections 3 and 5), safe fields only. */
export type BusinessSettingsDto = BusinessProfileDto & {
  id: number;
  name: string;
  businessName: string;
  businessAddress: string;
  phone: string;
  phoneVerified: boolean;
  phoneVerifiedAt: string | null;
  website: string | null;
  email: string;
  ownerFirstName: string;
  ownerLastName: string;
  paymentFailedAt: string | null;
  trialEndsAt: string | null;
  customerCount: number;
  subscriptionPrice: string | null;
  accountStatus: string;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  isFounderMember: boolean;
  founderMemberGrantedAt: string | null;
  founderMemberGrantedBy: string | null;
  referralCode: string | null;
  emailMarketing: boolean;
  smsMarketing: boolean;
  createdAt: string;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toBusinessSettingsDto(b: Business, customerCount: number): BusinessSettingsDto {
  return {
    id: b.id,
    name: b.name,
    businessName: b.name,
    businessAddress: b.businessAddress,
    phone: b.phone,
    phoneVerified: b.phoneVerifiedAt !== null,
    phoneVerifiedAt: iso(b.phoneVerifiedAt),
    website: b.website,
    email: b.email,
    ownerFirstName: b.ownerFirstName,
    ownerLastName: b.ownerLastName,
    ...toBusinessProfileDto(b),
    paymentFailedAt: iso(b.paymentFailedAt),
    trialEndsAt: iso(b.trialEndsAt),
    customerCount,
    subscriptionPrice: b.subscriptionPricePence === null ? null : (b.subscriptionPricePence / 100).toFixed(2),
    accountStatus: b.accountStatus,
    statusChangedAt: iso(b.statusChangedAt),
    statusChangedBy: b.statusChangedBy,
    isFounderMember: b.isFounderMember,
    founderMemberGrantedAt: iso(b.founderMemberGrantedAt),
    founderMemberGrantedBy: b.founderMemberGrantedBy,
    referralCode: b.referralCode,
    emailMarketing: b.emailMarketing,
    smsMarketing: b.smsMarketing,
    createdAt: b.createdAt.toISOString(),
  };
}

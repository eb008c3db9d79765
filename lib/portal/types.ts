// The shapes the customer portal and the staff portal speak (spec 3 section 3), shared by the
// server code and the screens. No server-only import: components use these types.

export type PortalVoucher = {
  id: number;
  title: string;
  description: string | null;
  status: string; // active (only active, unexpired vouchers are listed)
  discountPercent: number | null;
  discountAmount: string | null; // pounds, "5.00"
  expiryDate: string | null;
  promoCode: string;
};

export type PortalTransaction = {
  id: number;
  type: string; // purchase | points_redemption | bonus_points | ...
  amount: string; // pounds, "12.50"
  pointsEarned: number;
  pointsRedeemed: number;
  createdAt: string;
};

/** Customer portal view (spec 3 section 3). */
export type PortalCustomer = {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  postcode: string | null;
  membershipNumber: string;
  totalPoints: number;
  lifetimeSpent: string;
  passUrl: string | null;
  createdAt: string;
  lastVisit: string | null;
  business: { name: string; pointsPerPound: number };
  vouchers: PortalVoucher[];
  transactions: PortalTransaction[];
  tier?: { name: string; multiplier: number } | null; // VIP tier, while tiers are on (issue 26)
  referral?: { code: string; link: string } | null; // refer-a-friend code, while it is on (issue 26)
};

/** One of the businesses an address belongs to, for the portal's switcher. */
export type PortalAccountLink = { id: number; businessName: string };

/** Account (multi-business), spec 3 section 3. */
export type PortalAccount = {
  id: number;
  businessName: string;
  membershipNumber: string;
  totalPoints: number;
  lifetimeSpent: string;
  createdAt: string;
  email: string;
  accountStatus: string;
};

/** Preferences record, spec 3 section 3 (plus which account it is). */
export type PreferencesRecord = {
  customerId: number;
  businessName: string;
  accountStatus: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  marketingConsentEmail: boolean;
  marketingConsentSms: boolean;
  marketingPreferencesLastUpdatedBy: string | null;
  marketingPreferencesLastUpdatedAt: string | null;
};

/** POST /api/customer/verify-access and GET /api/customer-portal/account. */
export type VerifyAccessResponse = {
  /** The spec's flag: true when the portal can be shown (a customer is held). */
  success: boolean;
  /** True once this browser has proven control of the address (a portal session exists). */
  verified: boolean;
  /** True when a code was (or would have been) emailed: the next step is to enter it. */
  codeSent?: boolean;
  message: string;
  email?: string;
  customer: PortalCustomer | null;
  accounts?: PortalAccountLink[];
};

// Fixed inputs of the demo business. Contact details use ranges reserved for fiction so that a
// configured email or SMS provider can never reach a real person: example.* domains (RFC 2606),
// Ofcom's drama numbers (07700 900000-900999 mobile, 0117 496 0000-0999 Bristol).
import { SETUP_STEP_IDS } from "../../lib/onboarding/progress";

export const DEMO_EMAIL = "demo@dailygrind.test";
export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_BUSINESS_NAME = "The Daily Grind Café";

export const DEMO_BUSINESS = {
  name: DEMO_BUSINESS_NAME,
  businessAddress: "42 Gloucester Road, Bristol BS7 8AE",
  phone: "+441174960123",
  website: "https://dailygrind.example",
  email: DEMO_EMAIL,
  ownerFirstName: "Demo",
  ownerLastName: "Owner",
  // Pro Max: the plan without the 10-customer cap of Pro Starter. customerLimit is set to a
  // sentinel well above the demo's 30 customers in case any check reads the column directly.
  subscriptionStatus: "pro_max",
  customerLimit: 999_999,
  subscriptionPricePence: 2100,
} as const;

export const CUSTOMER_NAMES: readonly (readonly [string, string])[] = [
  ["Oliver", "Bennett"],
  ["Amelia", "Hughes"],
  ["Priya", "Patel"],
  ["Mohammed", "Khan"],
  ["Siobhan", "O'Connor"],
  ["Rhys", "Evans"],
  ["Isla", "Campbell"],
  ["George", "Whitfield"],
  ["Chloe", "Baker"],
  ["Harry", "Thompson"],
  ["Aisha", "Begum"],
  ["Jack", "Robinson"],
  ["Freya", "Morgan"],
  ["Samuel", "Okafor"],
  ["Emily", "Clarke"],
  ["Thomas", "Wright"],
  ["Sophie", "Davies"],
  ["Callum", "MacLeod"],
  ["Hannah", "Shaw"],
  ["Daniel", "Nowak"],
  ["Grace", "Turner"],
  ["Arjun", "Sharma"],
  ["Lucy", "Fletcher"],
  ["William", "Price"],
  ["Megan", "Lloyd"],
  ["Kwame", "Mensah"],
  ["Eleanor", "Hart"],
  ["James", "Sutherland"],
  ["Zara", "Ahmed"],
  ["Charlotte", "Reid"],
];

export const EMAIL_DOMAINS = ["example.com", "example.co.uk", "example.org", "example.net"] as const;

export const BRISTOL_STREETS: readonly (readonly [string, string])[] = [
  ["Gloucester Road", "BS7"],
  ["Cotham Hill", "BS6"],
  ["North Street", "BS3"],
  ["Whiteladies Road", "BS8"],
  ["Stokes Croft", "BS1"],
  ["St Michael's Hill", "BS2"],
  ["Wells Road", "BS4"],
  ["Fishponds Road", "BS16"],
  ["Chandos Road", "BS6"],
  ["Coronation Road", "BS3"],
];

export const BONUS_REASONS = ["Birthday bonus", "Double points Tuesday", "Thanks for the review", "Loyalty thank-you"] as const;

/** The demo business has done every setup step but connecting its email. */
export const SETUP_STEPS = SETUP_STEP_IDS.filter((id) => id !== "email_integration");

export type VoucherBatchSpec = {
  batchId: string;
  promoCode: string;
  title: string;
  description: string;
  discountType: "percentage" | "fixed";
  discountValue: number; // percent, or pounds when fixed
  minSpendPence: number | null;
  maxDiscountPence: number | null;
  createdDaysAgo: number;
  expiresInDays: number; // negative: already expired
  audience: "consenting" | "top_spenders";
  redeemChance: number;
};

export const VOUCHER_BATCHES: readonly VoucherBatchSpec[] = [
  {
    batchId: "demo-batch-grind20",
    promoCode: "GRIND20",
    title: "20% off your next drink",
    description: "A thank-you for being one of our first members.",
    discountType: "percentage",
    discountValue: 20,
    minSpendPence: null,
    maxDiscountPence: 500,
    createdDaysAgo: 80,
    expiresInDays: -50,
    audience: "consenting",
    redeemChance: 0.5,
  },
  {
    batchId: "demo-batch-pastry",
    promoCode: "PASTRY",
    title: "Free pastry with any coffee",
    description: "£2.50 off when you spend £4 or more.",
    discountType: "fixed",
    discountValue: 2.5,
    minSpendPence: 400,
    maxDiscountPence: null,
    createdDaysAgo: 21,
    expiresInDays: 24,
    audience: "consenting",
    redeemChance: 0.4,
  },
  {
    batchId: "demo-batch-thanks15",
    promoCode: "THANKS15",
    title: "15% off for our regulars",
    description: "For our most loyal customers. Up to £3 off.",
    discountType: "percentage",
    discountValue: 15,
    minSpendPence: null,
    maxDiscountPence: 300,
    createdDaysAgo: 4,
    expiresInDays: 40,
    audience: "top_spenders",
    redeemChance: 0.2,
  },
];

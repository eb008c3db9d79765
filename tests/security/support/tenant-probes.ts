import { z } from "zod";
import { dayFromNow } from "../../integration/vouchers-fixtures";
import type { Tenant } from "./fixture";
import type { Endpoint } from "./routes";

// How the tenant matrix fills an endpoint's inputs with business A's objects.

/** Body and query fields that name a tenant object (or the person an object belongs to). */
export const ID_LIKE_FIELD = /^(id|ids|.*Ids?|email|token|membershipNumber|serialNumber)$/;

/** Path params, by route prefix, filled with A's object of that kind. */
export function pathValue(e: Endpoint, name: string, a: Tenant): string | undefined {
  if (name === "membershipNumber") return a.membershipNumber;
  if (name === "email") return a.customerEmail;
  if (name !== "id") return undefined;
  const r = e.route;
  if (/^(admin\/customers|customers)\//.test(r)) return String(a.customerId);
  if (/^transactions\//.test(r)) return String(a.transactionId);
  if (/^vouchers\/jobs\//.test(r)) return String(a.voucherJobId); // issue 23
  if (/^(vouchers|promos)\//.test(r)) return String(a.voucherId);
  if (/^business\/staff\//.test(r)) return String(a.staffUserId);
  if (/^api-keys\//.test(r)) return String(a.apiKeyId); // issue 27
  if (/^webhook-endpoints\/deliveries\//.test(r)) return String(a.webhookDeliveryId);
  if (/^webhook-endpoints\//.test(r)) return String(a.webhookEndpointId);
  if (/^chat\/sessions\/business\//.test(r)) return String(a.businessId);
  if (/^chat\/sessions\//.test(r)) return String(a.chatSessionId);
  if (/^admin\/(business-customers|business-stats|businesses|login-as)\//.test(r)) return String(a.businessId);
  return undefined;
}

// Endpoints whose id-like inputs name no object of another business, each with the reason.
// Anything else with an id-like input the generator cannot fill fails the matrix, so a new
// endpoint gets a probe (or a reason here).
export const NO_TENANT_OBJECT: Record<string, string> = {
  "POST /api/admin-messages/[id]/read": "platform-wide broadcasts from the super admin; reads are per business",
  "GET /api/confirm-membership/[token]": "the token is the credential (a capability emailed to the customer), no session involved",
  "GET /api/qr-hosted/[membershipNumber]": "public by design: the QR code is printed on the customer's card",
  "GET /api/wallet/google/save/[membershipNumber]": "public, authorised by the signed ?t= link, not by a session",
  "GET /api/wallet/images/[image]": "static pass artwork",
  "POST /api/auth/login": "credentials, signed out",
  "POST /api/admin/login": "credentials, signed out",
  "POST /api/staff/login": "credentials (business id + username + password), signed out",
  "POST /api/auth/signup": "a new business's own details",
  "POST /api/auth/signup/send-code": "a new business's own details",
  "POST /api/auth/forgot-password": "signed out: the code goes to the business's own phone",
  "POST /api/auth/reset-password": "the emailed/texted token or code is the credential",
  "POST /api/reset-password": "the emailed/texted token is the credential",
  "POST /api/customer/verify-access": "proof of address: the code goes to that inbox; the token is a capability",
  "POST /api/setup/complete-step": "stepId names an onboarding step, not an object",
  "POST /api/customers/send-verification": "the email of a customer being added; another business may have the same person",
  "POST /api/customers/resend-verification": "the email of a customer being added; another business may have the same person",
  "POST /api/customers/verify-and-create": "the email of a customer being added; another business may have the same person",
  "POST /api/admin/send-message": "adminId is ignored (the signed-in admin sends); admin-only anyway",
  "GET /api/test/last-simulated-email": "test-only outbox, scoped to the caller's business (tests/integration/cross-tenant.test.ts)",
  "GET /api/test/last-simulated-sms": "test-only outbox",
  "PUT /api/automations/[kind]": "kind names one of the four automations, always the caller's own business's (issue 25)",
};
/** Apple's PassKit web service: authorised by the per-pass token Apple sends, never by a session. */
export const isAppleWebService = (route: string) => route.startsWith("wallet/apple/");

type Bodies = (a: Tenant, b: Tenant) => Record<string, unknown>[];

const customerDetails = (t: Tenant) => ({ name: `Eve ${t.marker}`, firstName: "Eve", lastName: t.marker, email: `eve-${t.marker.toLowerCase()}@example.test`, phone: "07700 900456" });
const prefs = (email: string, customerId: number) => ({ email, customerId, firstName: "Eve", lastName: "Probe", phone: "07700 900456", marketingConsentEmail: false, marketingConsentSms: false });
const voucherFields = { title: "Probe", description: "probe", discountType: "percentage", discountValue: 10, minSpend: null, expiresAt: dayFromNow(30) };

/** Valid bodies (or queries) for the probes: each reaches the handler, naming A's objects
 *  where the endpoint takes ids in the body. Path ids come from pathValue. */
export const PROBE_INPUTS: Record<string, Bodies> = {
  "PATCH /api/customers/[id]": (a) => [customerDetails(a)],
  "POST /api/customers/[id]/park": () => [{ reason: "downgrade_compliance" }],
  "PUT /api/transactions/[id]": () => [{ type: "purchase", amount: "1.00", description: "probe", pointsEarned: 1, pointsRedeemed: 0 }],
  "DELETE /api/transactions/[id]": () => [{ reason: "training_transaction" }],
  "PUT /api/vouchers/[id]": () => [voucherFields],
  "POST /api/promos/[id]/send": () => [{ method: "email" }],
  "PUT /api/business/staff/[id]/password": () => [{ password: "Str0ng-probe-pass!" }],
  "POST /api/chat/sessions/[id]/messages": () => [{ content: "probe" }],
  "POST /api/transactions": (a, b) => [
    { customerId: a.customerId, type: "purchase", amount: "5.00" },
    { customerId: a.customerId, type: "bonus_points", pointsAdjustment: 5 },
    { customerId: b.customerId, type: "gift_points", recipientCustomerId: a.customerId, giftPoints: 1 },
  ],
  "POST /api/promos": (a) => [{ ...voucherFields, promoCode: `PRB${a.customerId}`, customerIds: [a.customerId], sendEmail: true, sendSms: false }],
  // issue 23: a send job naming A's customer, picked by hand
  "POST /api/vouchers/jobs": (a) => [{ ...voucherFields, promoCode: `PRJ${a.customerId}`, customerIds: [a.customerId], sendEmail: true, sendSms: false }],
  "POST /api/customers/update-rates": (a) => [{ customerId: a.customerId, earningRate: 2, redemptionValue: 0.05, minimumRedemption: 100, password: "Passw0rd!" }],
  "POST /api/create-checkout-session": (a) => [{ reactivateCustomerId: a.customerId }],
  // A's signed links of the simulated checkout and billing portal, used from B's session.
  "POST /api/billing/simulated/complete": (a) => [{ token: a.checkoutToken, outcome: "paid" }],
  "POST /api/billing/simulated/portal": (a) => [{ token: a.billingPortalToken, action: "cancel_subscription" }],
  "GET /api/transactions": (a) => [{ customerId: String(a.customerId) }],
  // issue 23: the transaction hub's promo labels for A's customer, and the 'easy tiger' check for A's customer
  "GET /api/promos": (a) => [{ codes: `PRB${a.customerId}`, customerIds: String(a.customerId) }],
  "POST /api/promos/recent": (a) => [{ customerIds: [a.customerId] }],
  // issue 23: a picker's preselected customers, and the gift picker's excluded giver
  "GET /api/customers": (a) => [{ ids: String(a.customerId) }, { ids: String(a.customerId), status: "active" }, { exclude: String(a.customerId), q: a.marker }],
  "GET /api/webhook-endpoints/deliveries": (a) => [{ endpointId: String(a.webhookEndpointId) }], // issue 27
  "GET /api/staff/transactions": (a) => [{ customerId: String(a.customerId) }],
  "GET /api/customer-portal/account": (a) => [{ customerId: String(a.customerId) }],
  "GET /api/customer-portal/preferences/[email]": (a) => [{ customerId: String(a.customerId) }],
  "PATCH /api/customer-portal/close": (a, b) => [{ email: b.customerEmail, customerId: a.customerId }, { email: a.customerEmail, customerId: a.customerId }],
  "PATCH /api/customer-portal/snooze": (a, b) => [{ email: b.customerEmail, customerId: a.customerId }, { email: a.customerEmail, customerId: a.customerId }],
  "PUT /api/customer-portal/preferences": (a, b) => [prefs(b.customerEmail, a.customerId), prefs(a.customerEmail, a.customerId)],
  // "all" applies to every account of the verified email: a customerId in the body is ignored.
  "PUT /api/customer-portal/preferences/all": (a) => [prefs(a.customerEmail, a.customerId)],
  "GET /api/admin/loyalty-cards": (a) => [{ businessId: String(a.businessId) }],
  "POST /api/admin/generate-referral-code": (a) => [{ businessId: a.businessId }],
  // issue 26: a referral claimed for, a code read for, and the tier moves of A's customer
  "POST /api/referrals/claim": (a) => [{ customerId: a.customerId, code: "ABCDEFGH", deviceId: `probe-${a.marker}` }],
  "GET /api/referrals/code": (a) => [{ customerId: String(a.customerId) }],
  "GET /api/tiers/changes": (a) => [{ customerId: String(a.customerId) }],
};

/** Query-string filters on a list: naming another business's object may answer an empty list
 *  (200) instead of 404, as long as nothing of A's is in it. */
export const LIST_FILTERS = new Set(["GET /api/customers", "GET /api/transactions", "GET /api/customer-portal/account", "GET /api/tiers/changes"]);

/** The id-like fields of a zod schema (through z.toJSONSchema, so refinements and unions are seen through). */
export function idLikeFields(schema: unknown): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { unrepresentable: "any", io: "input" }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {}).filter((k) => ID_LIKE_FIELD.test(k));
}

/** True when the schema accepts an empty object (so a probe without a body reaches the handler). */
export const acceptsEmpty = (schema: unknown) => !schema || (schema as z.ZodType).safeParse({}).success;

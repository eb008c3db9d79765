import { fakeResponse, type Reply } from "../helpers/fake-fetch";
import type { PortalAccount, PortalCustomer, PreferencesRecord, VerifyAccessResponse } from "@/lib/portal/types";

// Shared by the portal and staff component tests: a fetch stand-in that answers by method and
// path (a queue per route, the last reply repeating), the app's query client with a toaster, and
// sample data in the API's shapes.

export type Route = [method: string, path: string | RegExp, ...replies: Reply[]];

export function routeFetch(routes: Route[]) {
  const table = routes.map(([method, path, ...replies]) => ({ method, path, replies }));
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const route = table.find((r) => r.method === method && (typeof r.path === "string" ? r.path === url : r.path.test(url)));
    const reply = route ? (route.replies.length > 1 ? route.replies.shift()! : route.replies[0]) : { status: 599, body: { message: `no route for ${method} ${url}` } };
    return fakeResponse(reply, "");
  });
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}

export const callsTo = (fetch: jest.Mock, method: string, url: string | RegExp) =>
  fetch.mock.calls
    .filter(([u, init]) => ((init as RequestInit | undefined)?.method ?? "GET") === method && (typeof url === "string" ? u === url : url.test(String(u))))
    .map(([, init]) => ((init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) : undefined));

export { renderWithClient } from "../helpers/render-with-client";

/** Radix needs a few browser APIs jsdom lacks. */
export { installDomShims as polyfillRadix } from "../helpers/dom-shims";

export const EMAIL = "jamie@example.com";

export function portalCustomer(overrides: Partial<PortalCustomer> = {}): PortalCustomer {
  return {
    id: 7,
    name: "Jamie Jones",
    email: EMAIL,
    phone: "+447700900123",
    address: "1 Mill Lane",
    postcode: "BS1 1AA",
    membershipNumber: "1234567890",
    totalPoints: 120,
    lifetimeSpent: "64.50",
    passUrl: null,
    createdAt: "2026-01-03T10:00:00.000Z",
    lastVisit: "2026-02-14T10:00:00.000Z",
    business: { name: "The Daily Grind", pointsPerPound: 1 },
    vouchers: [{ id: 1, title: "Ten percent off", description: "Any drink", status: "active", discountPercent: 10, discountAmount: null, expiryDate: "2026-12-31T00:00:00.000Z", promoCode: "SAVE10" }],
    transactions: [
      { id: 3, type: "bonus_points", amount: "0.00", pointsEarned: 20, pointsRedeemed: 0, createdAt: "2026-02-14T10:00:00.000Z" },
      { id: 2, type: "points_redemption", amount: "1.00", pointsEarned: 0, pointsRedeemed: 100, createdAt: "2026-02-10T10:00:00.000Z" },
      { id: 1, type: "purchase", amount: "12.50", pointsEarned: 12, pointsRedeemed: 0, createdAt: "2026-02-01T10:00:00.000Z" },
    ],
    ...overrides,
  };
}

export function granted(customer: PortalCustomer = portalCustomer(), accounts = [{ id: customer.id, businessName: customer.business.name }]): VerifyAccessResponse {
  return { success: true, verified: true, email: customer.email, message: "Access granted", customer, accounts };
}

export const CODE_SENT: VerifyAccessResponse = {
  success: false,
  verified: false,
  codeSent: true,
  customer: null,
  message: `If ${EMAIL} belongs to a loyalty account, we have emailed a 6-digit code to it. It expires in 10 minutes.`,
};

export function account(id: number, businessName: string, overrides: Partial<PortalAccount> = {}): PortalAccount {
  return { id, businessName, membershipNumber: String(1_000_000_000 + id), totalPoints: 50, lifetimeSpent: "20.00", createdAt: "2026-01-03T10:00:00.000Z", email: EMAIL, accountStatus: "active", ...overrides };
}

export function preferences(customerId: number, overrides: Partial<PreferencesRecord> = {}): PreferencesRecord {
  return {
    customerId,
    businessName: "The Daily Grind",
    accountStatus: "active",
    email: EMAIL,
    firstName: "Jamie",
    lastName: "Jones",
    phone: "+447700900123",
    marketingConsentEmail: true,
    marketingConsentSms: false,
    marketingPreferencesLastUpdatedBy: "business",
    marketingPreferencesLastUpdatedAt: "2026-01-03T10:00:00.000Z",
    ...overrides,
  };
}

export const serverError = (message: string, status = 400) => ({ status, body: { message, error: { code: "bad_request", message } } });

import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { TransactionDto } from "@/components/transactions/transaction-queries";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { fakeResponse, installFakeFetch, type Reply } from "../helpers/fake-fetch";
import { customerDto } from "../helpers/customer-dto";
import { voucherDto } from "../helpers/voucher-dto";

// Shared by the transaction component tests (not a test file itself). The fake server answers by
// method and path rather than by call order, because the hub's queries start in parallel.

type Handler = Reply | ((url: URL, body: unknown) => Reply | Promise<Reply>);
export type Route = [method: string, path: string | RegExp, handler: Handler];

export function routeFetch(routes: Route[]) {
  const fn = installFakeFetch();
  fn.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const route = routes.find(([m, p]) => m === method && (typeof p === "string" ? url.pathname === p : p.test(url.pathname)));
    const reply: Reply = route ? await (typeof route[2] === "function" ? route[2](url, body) : route[2]) : { status: 500, body: { message: `no route for ${method} ${url.pathname}` } };
    return fakeResponse(reply);
  });
  return fn;
}

/** The recorded calls to one method and path, with their parsed URL and JSON body. */
export function callsTo(fn: jest.Mock, method: string, path: string | RegExp) {
  return fn.mock.calls
    .map(([input, init]: [string, RequestInit | undefined]) => ({
      url: new URL(input, "http://localhost"),
      method: (init?.method ?? "GET").toUpperCase(),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }))
    .filter((c) => c.method === method && (typeof path === "string" ? c.url.pathname === path : path.test(c.url.pathname)));
}

export { renderWithClient } from "../helpers/render-with-client";

/** Radix needs a few browser APIs jsdom lacks. */
export { installDomShims as polyfillRadix } from "../helpers/dom-shims";

export function customer(id: number, overrides: Partial<CustomerDto> = {}): CustomerDto {
  return customerDto(id, { membershipNumber: String(10_000_000 + id), totalPoints: 500, ...overrides });
}

export function transaction(id: number, overrides: Partial<TransactionDto> = {}): TransactionDto {
  const c = overrides.customer ?? { id: 1, name: "Alice Archer", email: "alice@example.com", membershipNumber: "10000001", totalPoints: 120 };
  return {
    id,
    customerId: c.id,
    type: "purchase",
    amount: "12.50",
    description: null,
    pointsEarned: 12,
    pointsRedeemed: 0,
    promoCode: null,
    discountAmount: "0.00",
    recipientCustomerId: null,
    recipient: null,
    actorType: "owner",
    actorName: "Owner",
    createdAt: "2026-03-14T10:05:00.000Z",
    updatedAt: "2026-03-14T10:05:00.000Z",
    customer: c,
    ...overrides,
  } as TransactionDto;
}

export function voucher(id: number, overrides: Partial<VoucherDto> = {}): VoucherDto {
  const createdAt = "2026-01-01T10:00:00.000Z";
  return voucherDto(id, { customerId: 1, customer: { id: 1, name: "Alice Archer", email: "alice@example.com" }, createdAt, updatedAt: createdAt, ...overrides });
}

import type { ZodType } from "zod";
import {
  apiTransactionBody,
  customerLookupQuery,
  customerParams,
  customerResponse,
  redeemVoucherBody,
  transactionResponse,
  voucherParams,
  vouchersResponse,
} from "@/lib/api-v1/schemas";

// Every /api/v1 operation once: its path, method, schemas and what it says. The route files take
// their zod schemas from here and the OpenAPI document (lib/api-v1/openapi.ts) is generated from
// here; tests/integration/api-v1-contract.test.ts checks the route files, this list and the
// handlers' real answers against each other.

export type V1Operation = {
  id: string;
  method: "get" | "post";
  path: string; // OpenAPI form: /customers/{id}/vouchers
  summary: string;
  description: string;
  scope: "read" | "write";
  idempotent: boolean;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response: { status: number; schema: ZodType; description: string };
  errors: number[];
};

export const V1_OPERATIONS: V1Operation[] = [
  {
    id: "lookupCustomer",
    method: "get",
    path: "/customers/lookup",
    summary: "Find a customer",
    description: "By membership number (as printed or typed), the text of the card's QR code, or a UK phone number. Send exactly one.",
    scope: "read",
    idempotent: false,
    query: customerLookupQuery,
    response: { status: 200, schema: customerResponse, description: "The customer" },
    errors: [400, 401, 403, 404, 429],
  },
  {
    id: "listCustomerVouchers",
    method: "get",
    path: "/customers/{id}/vouchers",
    summary: "List a customer's usable vouchers",
    description: "Active vouchers that have not expired, soonest expiry first.",
    scope: "read",
    idempotent: false,
    params: customerParams,
    response: { status: 200, schema: vouchersResponse, description: "The vouchers" },
    errors: [400, 401, 403, 404, 429],
  },
  {
    id: "recordTransaction",
    method: "post",
    path: "/transactions",
    summary: "Record a purchase or a points redemption",
    description:
      "A purchase earns points on the amount the till took; a redemption spends points. The same rules, limits and messages as the app. Requires an Idempotency-Key: a retry with the same key returns the first answer and never records twice; the same key with a different body is 422.",
    scope: "write",
    idempotent: true,
    body: apiTransactionBody,
    response: { status: 201, schema: transactionResponse, description: "Recorded; the customer's new balance" },
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  {
    id: "redeemVoucher",
    method: "post",
    path: "/vouchers/{id}/redeem",
    summary: "Redeem a voucher",
    description: "Records the purchase with the voucher applied (minimum spend, discount, one use). Requires an Idempotency-Key.",
    scope: "write",
    idempotent: true,
    params: voucherParams,
    body: redeemVoucherBody,
    response: { status: 201, schema: transactionResponse, description: "Recorded; the voucher is used" },
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
];

export const v1Operation = (id: string): V1Operation => {
  const op = V1_OPERATIONS.find((o) => o.id === id);
  if (!op) throw new Error(`unknown /api/v1 operation ${id}`);
  return op;
};

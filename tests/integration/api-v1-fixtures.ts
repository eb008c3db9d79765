import { randomUUID } from "node:crypto";
import { POST as createKey } from "@/app/api/api-keys/route";
import { db } from "@/lib/db";
import { recordTransaction } from "@/lib/transactions/record-transaction";
import { call, type CallOptions } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 27 fixtures: a business with API keys, customers and vouchers, and calls made as a till.

export async function businessWithKeys() {
  const owner = await createBusinessSession();
  const write = await newKey(owner.cookie, "Front till", "write");
  const read = await newKey(owner.cookie, "Reporting", "read");
  return { ...owner, writeKey: write.key, writeKeyId: write.id, readKey: read.key, readKeyId: read.id };
}

export async function newKey(cookie: string, name: string, scope: "read" | "write") {
  const res = await call<{ key: string; apiKey: { id: number } }>(createKey, { method: "POST", path: "/api/api-keys", cookie, body: { name, scope } });
  if (res.status !== 201) throw new Error(`create key failed: ${res.status} ${res.text}`);
  return { key: res.json.key, id: res.json.apiKey.id };
}

/** A call with `Authorization: Bearer <key>` (and an Idempotency-Key when given). */
export function asTill(key: string | null, opts: CallOptions & { idempotencyKey?: string } = {}): CallOptions {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (key) headers.authorization = `Bearer ${key}`;
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  return { ...opts, headers };
}

export const newIdempotencyKey = () => randomUUID();

export async function customerWithPoints(businessId: number, points = 0) {
  const c = await insertCustomer(businessId);
  // Through the ledger (the run checks every balance against it): bonus points from the owner.
  if (points > 0) await recordTransaction(businessId, { type: "bonus_points", customerId: c.id, amount: points, description: "starting balance" }, { type: "owner", id: null, name: "Owner" });
  return c;
}

export async function insertVoucher(businessId: number, customerId: number, overrides: Partial<{ status: string; expiresAt: Date | null; minSpendPence: number | null; discountValue: number }> = {}) {
  return db.voucher.create({
    data: {
      businessId,
      customerId,
      batchId: randomUUID(),
      promoCode: `API${randomUUID().slice(0, 6).toUpperCase()}`,
      title: "Free pastry",
      discountType: "fixed",
      discountValue: overrides.discountValue ?? 2,
      minSpendPence: overrides.minSpendPence ?? null,
      expiresAt: overrides.expiresAt === undefined ? new Date(Date.now() + 7 * 86_400_000) : overrides.expiresAt,
      status: overrides.status ?? "active",
      isActive: (overrides.status ?? "active") === "active",
    },
  });
}

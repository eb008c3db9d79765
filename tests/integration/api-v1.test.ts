/** @jest-environment node */
import { GET as listKeys } from "@/app/api/api-keys/route";
import { DELETE as revokeKey } from "@/app/api/api-keys/[id]/route";
import { POST as rotateKey } from "@/app/api/api-keys/[id]/rotate/route";
import { POST as createKey } from "@/app/api/api-keys/route";
import { GET as lookup } from "@/app/api/v1/customers/lookup/route";
import { GET as customerVouchers } from "@/app/api/v1/customers/[id]/vouchers/route";
import { POST as recordTx } from "@/app/api/v1/transactions/route";
import { POST as redeem } from "@/app/api/v1/vouchers/[id]/redeem/route";
import { GET as notifications } from "@/app/api/notifications/route";
import fc from "fast-check";
import { db } from "@/lib/db";
import { IDEMPOTENCY_MESSAGES } from "@/lib/api-keys/idempotency";
import { API_KEY_MESSAGES } from "@/lib/api-keys/api-key-rules";
import { call, expectRefusal } from "../helpers/http";
import { asTill, businessWithKeys, customerWithPoints, insertVoucher, newIdempotencyKey, newKey } from "./api-v1-fixtures";

// Issue 27: /api/v1 against the real database: keys (auth, scope, revocation, rotation), lookup,
// transactions with Idempotency-Key (retries, concurrent retries, a different body), vouchers,
// another business's records (404), bad input (4xx, nothing written), the activity log per call.

type TxAnswer = { transaction: { id: number; pointsEarned: number }; balance: number; message: string };
const purchase = (customerId: number, amount: string | number = "12.50") => ({ type: "purchase", customerId, amount });
const countTx = (customerId: number) => db.transaction.count({ where: { customerId } });

let A: Awaited<ReturnType<typeof businessWithKeys>>;
let B: Awaited<ReturnType<typeof businessWithKeys>>;
beforeAll(async () => {
  process.env.WEBHOOK_DELIVERY = "cron-only";
  [A, B] = await Promise.all([businessWithKeys(), businessWithKeys()]);
});

describe("API keys", () => {
  it("shows the key once, stores only its hash, and lists name, scope and first characters", async () => {
    const res = await call<{ key: string; apiKey: { id: number; prefix: string } }>(createKey, { method: "POST", path: "/api/api-keys", cookie: A.cookie, body: { name: "Back till", scope: "read" } });
    expect(res.status).toBe(201);
    expect(res.json.key).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    expect(res.json.key.startsWith(res.json.apiKey.prefix)).toBe(true);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.json.apiKey.id } });
    expect(row.keyHash).not.toContain(res.json.key.slice(3, 20));
    const list = await call(listKeys, { path: "/api/api-keys", cookie: A.cookie });
    expect(list.text).not.toContain(res.json.key);
    expect(list.text).not.toContain(row.keyHash);
    expect(list.text).toContain("Back till");
  });

  it("refuses a bad name or scope with the message, writing nothing", async () => {
    const before = await db.apiKey.count({ where: { businessId: A.businessId } });
    const noName = await call(createKey, { method: "POST", path: "/api/api-keys", cookie: A.cookie, body: { name: " ", scope: "write" } });
    expect(noName.status).toBe(400);
    expect(noName.json.message).toBe("Please give the key a name");
    const badScope = await call(createKey, { method: "POST", path: "/api/api-keys", cookie: A.cookie, body: { name: "x", scope: "admin" } });
    expect(badScope.status).toBe(400);
    expect(badScope.json.message).toBe("Scope must be read or write");
    expect(await db.apiKey.count({ where: { businessId: A.businessId } })).toBe(before);
  });

  it("answers 401 without a key or with an unknown one, 403 for a read key that writes", async () => {
    const c = await customerWithPoints(A.businessId);
    const none = await call(lookup, asTill(null, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    expect(none.status).toBe(401);
    expect(none.json.message).toBe(API_KEY_MESSAGES.missing);
    const unknown = await call(lookup, asTill(`ll_${"x".repeat(43)}`, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    expect(unknown.status).toBe(401);
    const session = await call(lookup, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}`, cookie: A.cookie });
    expect(session.status).toBe(401); // a session cookie is not an API key
    const readOk = await call(lookup, asTill(A.readKey, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    expect(readOk.status).toBe(200);
    const readWrites = await call(recordTx, asTill(A.readKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id), idempotencyKey: newIdempotencyKey() }));
    expect(readWrites.status).toBe(403);
    expect(readWrites.json.message).toBe(API_KEY_MESSAGES.scope);
    expect(await countTx(c.id)).toBe(0);
  });

  it("refuses a revoked key at once, and a rotated key's old value, while the new one works", async () => {
    const c = await customerWithPoints(A.businessId);
    const path = `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}`;
    const k = await newKey(A.cookie, "Temp", "read");
    expect((await call(lookup, asTill(k.key, { path }))).status).toBe(200);
    const revoked = await call(revokeKey, { method: "DELETE", path: `/api/api-keys/${k.id}`, cookie: A.cookie, params: { id: String(k.id) } });
    expect(revoked.status).toBe(200);
    const after = await call(lookup, asTill(k.key, { path }));
    expect(after.status).toBe(401);
    expect(after.json.message).toBe(API_KEY_MESSAGES.invalid);

    const r = await newKey(A.cookie, "Rotating", "write");
    const rotated = await call<{ key: string }>(rotateKey, { method: "POST", path: `/api/api-keys/${r.id}/rotate`, cookie: A.cookie, params: { id: String(r.id) } });
    expect(rotated.status).toBe(201);
    expect((await call(lookup, asTill(r.key, { path }))).status).toBe(401);
    expect((await call(lookup, asTill(rotated.json.key, { path }))).status).toBe(200);
  });

  it("a key revoked through one instance is refused by another that had just served it (no per-process cache)", async () => {
    const c = await customerWithPoints(A.businessId);
    const path = `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}`;
    const k = await newKey(A.cookie, "Second instance", "read");
    // A second copy of the route modules, as another server process would load them.
    let otherInstance: typeof lookup | undefined;
    await jest.isolateModulesAsync(async () => {
      otherInstance = (await import("@/app/api/v1/customers/lookup/route")).GET;
    });
    expect(otherInstance).not.toBe(lookup);
    expect((await call(otherInstance!, asTill(k.key, { path }))).status).toBe(200);
    expect((await call(revokeKey, { method: "DELETE", path: `/api/api-keys/${k.id}`, cookie: A.cookie, params: { id: String(k.id) } })).status).toBe(200);
    expect((await call(otherInstance!, asTill(k.key, { path }))).status).toBe(401);
  });

  it("another business cannot revoke or rotate the key (404)", async () => {
    const k = await newKey(A.cookie, "Mine", "read");
    expect((await call(revokeKey, { method: "DELETE", path: `/api/api-keys/${k.id}`, cookie: B.cookie, params: { id: String(k.id) } })).status).toBe(404);
    expect((await call(rotateKey, { method: "POST", path: `/api/api-keys/${k.id}/rotate`, cookie: B.cookie, params: { id: String(k.id) } })).status).toBe(404);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: k.id } })).revokedAt).toBeNull();
  });
});

describe("GET /api/v1/customers/lookup", () => {
  it("finds by membership number, QR payload (with LC- prefix) and phone; another business's customer is 404", async () => {
    const c = await customerWithPoints(A.businessId, 40);
    for (const q of [`membershipNumber=${c.membershipNumber}`, `qr=LC-${c.membershipNumber}`, `phone=${encodeURIComponent(c.phone.replace("+44", "0"))}`]) {
      const res = await call<{ customer: { id: number; totalPoints: number } }>(lookup, asTill(A.readKey, { path: `/api/v1/customers/lookup?${q}` }));
      expect(res.status).toBe(200);
      expect(res.json.customer).toMatchObject({ id: c.id, totalPoints: 40 });
    }
    const other = await call(lookup, asTill(B.readKey, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    expect(other.status).toBe(404);
    expect(other.json.message).toBe("no customer found with this membership number");
  });

  it("asks for exactly one way to find the customer", async () => {
    for (const q of ["", "membershipNumber=123456&phone=07700900123", "membershipNumber="]) {
      const res = await call(lookup, asTill(A.readKey, { path: `/api/v1/customers/lookup?${q}` }));
      expectRefusal(res, 400, "Send exactly one of membershipNumber, qr or phone");
    }
  });
});

describe("POST /api/v1/transactions", () => {
  it("records a purchase under the key's name, once per Idempotency-Key; a retry replays the answer", async () => {
    const c = await customerWithPoints(A.businessId);
    const key = newIdempotencyKey();
    const first = await call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id), idempotencyKey: key }));
    expect(first.status).toBe(201);
    expect(first.json.balance).toBeGreaterThan(0);
    const retry = await call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id, 12.5), idempotencyKey: key }));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect(await countTx(c.id)).toBe(1);
    const t = await db.transaction.findUniqueOrThrow({ where: { id: first.json.transaction.id } });
    expect(t).toMatchObject({ actorType: "api_key", actorId: A.writeKeyId, actorName: 'API key "Front till"' });
    const logged = await db.activityLog.findFirst({ where: { businessId: A.businessId, action: "api_call", actorId: A.writeKeyId }, orderBy: { id: "desc" } });
    expect(logged?.description).toBe('API key "Front till": POST /api/v1/transactions (201)');
  });

  it("concurrent retries with the same key record exactly once and all get the same answer", async () => {
    const c = await customerWithPoints(A.businessId);
    const key = newIdempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id, "5.00"), idempotencyKey: key }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json.transaction.id)).size).toBe(1);
    expect(await countTx(c.id)).toBe(1);
  });

  it("the same key with a different body is 422 and writes nothing", async () => {
    const c = await customerWithPoints(A.businessId);
    const key = newIdempotencyKey();
    expect((await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id, "3.00"), idempotencyKey: key }))).status).toBe(201);
    const other = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id, "30.00"), idempotencyKey: key }));
    expect(other.status).toBe(422);
    expect(other.json.message).toBe(IDEMPOTENCY_MESSAGES.mismatch);
    expect(await countTx(c.id)).toBe(1);
  });

  it("bad input is a 400 with the app's message and writes nothing (no transaction, no key kept)", async () => {
    const c = await customerWithPoints(A.businessId, 10);
    const cases: Array<[unknown, string | RegExp]> = [
      [purchase(c.id, "abc"), /amount|Amount/],
      [purchase(c.id, "0"), /amount|Amount/],
      [{ type: "gift_points", customerId: c.id, giftPoints: 1 }, "type must be purchase or points_redemption"],
      [{ type: "points_redemption", customerId: c.id, pointsToRedeem: 50 }, "insufficient points"],
      [{ ...purchase(c.id), extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const key = newIdempotencyKey();
      const res = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
      expect(res.status).toBe(400);
      expect(String(res.json.message)).toMatch(message);
      expect(await db.apiIdempotencyKey.count({ where: { businessId: A.businessId, key } })).toBe(0);
    }
    const noKey = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id) }));
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toBe(IDEMPOTENCY_MESSAGES.missing);
    expect(await countTx(c.id)).toBe(1); // the starting bonus only
  });

  it("a refused redemption lets the key go: the till can retry it once the customer can redeem", async () => {
    const c = await customerWithPoints(A.businessId, 30);
    const key = newIdempotencyKey();
    const body = { type: "points_redemption", customerId: c.id, pointsToRedeem: 100 }; // the minimum; 30 held
    expect((await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }))).status).toBe(400);
    await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id, "100.00"), idempotencyKey: newIdempotencyKey() })); // +100 points
    const again = await call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
    expect(again.status).toBe(201);
  });

  it("another business's customer is 404, the same message as the app, nothing written", async () => {
    const c = await customerWithPoints(A.businessId);
    const res = await call(recordTx, asTill(B.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id), idempotencyKey: newIdempotencyKey() }));
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("customer not found");
    expect(await countTx(c.id)).toBe(0);
  });

  it("Idempotency-Keys are per business: B may use A's key value for its own request", async () => {
    const a = await customerWithPoints(A.businessId);
    const b = await customerWithPoints(B.businessId);
    const key = newIdempotencyKey();
    expect((await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(a.id), idempotencyKey: key }))).status).toBe(201);
    const res = await call<TxAnswer>(recordTx, asTill(B.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(b.id), idempotencyKey: key }));
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("vouchers", () => {
  it("lists only usable vouchers; redeeming applies the discount once; another business's voucher is 404", async () => {
    const c = await customerWithPoints(A.businessId);
    const usable = await insertVoucher(A.businessId, c.id);
    await insertVoucher(A.businessId, c.id, { status: "redeemed" });
    await insertVoucher(A.businessId, c.id, { expiresAt: new Date(Date.now() - 60_000) });
    const list = await call<{ vouchers: Array<{ id: number }> }>(customerVouchers, asTill(A.readKey, { path: `/api/v1/customers/${c.id}/vouchers`, params: { id: String(c.id) } }));
    expect(list.status).toBe(200);
    expect(list.json.vouchers.map((v) => v.id)).toEqual([usable.id]);
    expect((await call(customerVouchers, asTill(B.readKey, { path: `/api/v1/customers/${c.id}/vouchers`, params: { id: String(c.id) } }))).status).toBe(404);

    const crossBusiness = await call(redeem, asTill(B.writeKey, { method: "POST", path: `/api/v1/vouchers/${usable.id}/redeem`, params: { id: String(usable.id) }, body: { amount: "10.00" }, idempotencyKey: newIdempotencyKey() }));
    expect(crossBusiness.status).toBe(404);

    const ok = await call<{ transaction: { promoCode: string; amount: string; discount: string } }>(redeem, asTill(A.writeKey, { method: "POST", path: `/api/v1/vouchers/${usable.id}/redeem`, params: { id: String(usable.id) }, body: { amount: "10.00" }, idempotencyKey: newIdempotencyKey() }));
    expect(ok.status).toBe(201);
    expect(ok.json.transaction).toMatchObject({ promoCode: usable.promoCode, amount: "8.00", discount: "2.00" });
    expect((await db.voucher.findUniqueOrThrow({ where: { id: usable.id } })).status).toBe("redeemed");

    const twice = await call(redeem, asTill(A.writeKey, { method: "POST", path: `/api/v1/vouchers/${usable.id}/redeem`, params: { id: String(usable.id) }, body: { amount: "10.00" }, idempotencyKey: newIdempotencyKey() }));
    expect(twice.status).toBe(400);
    expect(twice.json.message).toBe(`Promo code "${usable.promoCode}" not found or expired for this customer`);
  });

  it("below the voucher's minimum spend is the app's 400, and the voucher stays usable", async () => {
    const c = await customerWithPoints(A.businessId);
    const v = await insertVoucher(A.businessId, c.id, { minSpendPence: 1500 });
    const res = await call(redeem, asTill(A.writeKey, { method: "POST", path: `/api/v1/vouchers/${v.id}/redeem`, params: { id: String(v.id) }, body: { amount: "10.00" }, idempotencyKey: newIdempotencyKey() }));
    expectRefusal(res, 400, "Minimum spend of £15.00 required (current: £10.00)");
    expect((await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).status).toBe("active");
  });
});

describe("after a crash between the write and storing its answer (a claim left pending)", () => {
  const stale = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  it("a retry finds the recorded transaction and refuses (409), never awarding twice", async () => {
    const c = await customerWithPoints(A.businessId);
    const key = newIdempotencyKey();
    const body = purchase(c.id, "6.00");
    // The first attempt recorded (stamped with the claim's time) and died before storing its answer.
    const first = await call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
    const at = stale(5);
    await db.transaction.update({ where: { id: first.json.transaction.id }, data: { createdAt: at } });
    await db.apiIdempotencyKey.updateMany({ where: { businessId: A.businessId, key }, data: { status: "pending", responseBody: undefined, responseStatus: null, createdAt: at } });
    const retry = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }));
    expect(retry.status).toBe(409);
    expect(retry.json.message).toMatch(/already recorded/);
    expect(await countTx(c.id)).toBe(1);
  });

  it("a retry of a claim that recorded nothing takes it over and records once, even when retried concurrently", async () => {
    const c = await customerWithPoints(A.businessId);
    const key = newIdempotencyKey();
    const body = purchase(c.id, "7.00");
    const { requestHash } = await import("@/lib/api-keys/idempotency");
    await db.apiIdempotencyKey.create({ data: { businessId: A.businessId, key, apiKeyId: A.writeKeyId, requestHash: requestHash("POST", "/api/v1/transactions", { type: "purchase", customerId: c.id, amount: 700, description: null }), status: "pending", createdAt: stale(5) } });
    const answers = await Promise.all(Array.from({ length: 4 }, () => call<TxAnswer>(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body, idempotencyKey: key }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json.transaction.id)).size).toBe(1);
    expect(await countTx(c.id)).toBe(1);
  });
});

describe("the owner's view", () => {
  it("API calls are in the activity log but not in the notification bell's recent activity; the recorded transaction is", async () => {
    const C = await businessWithKeys();
    const c = await customerWithPoints(C.businessId);
    for (let i = 0; i < 3; i++) await call(lookup, asTill(C.readKey, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    await call(recordTx, asTill(C.writeKey, { method: "POST", path: "/api/v1/transactions", body: purchase(c.id), idempotencyKey: newIdempotencyKey() }));
    expect(await db.activityLog.count({ where: { businessId: C.businessId, action: "api_call" } })).toBe(4);
    const bell = await call<{ recentActivity: Array<{ action: string; actorName: string }> }>(notifications, { path: "/api/notifications", cookie: C.cookie });
    expect(bell.json.recentActivity.map((a) => a.action)).not.toContain("api_call");
    expect(bell.json.recentActivity.map((a) => a.actorName)).toContain('API key "Front till"');
  });
});

describe("limits and account state", () => {
  it("over 600 calls a minute a key gets 429 with Retry-After (not written to the activity log); other keys are unaffected", async () => {
    const k = await newKey(A.cookie, "Busy till", "read");
    const c = await customerWithPoints(A.businessId);
    const path = `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}`;
    await db.$executeRaw`INSERT INTO rate_limit_buckets (key, count, "windowStart") VALUES (${`api-key:${k.id}`}, 600, now()) ON CONFLICT (key) DO UPDATE SET count = 600, "windowStart" = now()`;
    const logged = () => db.activityLog.count({ where: { businessId: A.businessId, action: "api_call", actorId: k.id } });
    const before = await logged();
    const limited = await call(lookup, asTill(k.key, { path }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await logged()).toBe(before);
    expect((await call(lookup, asTill(A.readKey, { path }))).status).toBe(200);
  });

  it("a suspended business's keys are refused (403)", async () => {
    const S = await businessWithKeys();
    const c = await customerWithPoints(S.businessId);
    await db.business.update({ where: { id: S.businessId }, data: { accountStatus: "suspended" } });
    const res = await call(lookup, asTill(S.readKey, { path: `/api/v1/customers/lookup?membershipNumber=${c.membershipNumber}` }));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(API_KEY_MESSAGES.blocked);
  });
});

describe("property: any body a till might send", () => {
  it("is answered 201 or a 4xx with a message, never a 5xx; a 4xx writes nothing (no transaction, no key)", async () => {
    const c = await customerWithPoints(A.businessId, 120);
    const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.double(), fc.string({ maxLength: 12 }), fc.boolean(), fc.constant("12.50"), fc.constant(c.id), fc.constant("1e3"), fc.constant(-5));
    const body = fc.record(
      {
        type: fc.oneof(fc.constantFrom("purchase", "points_redemption", "gift_points", "PURCHASE", ""), anything),
        customerId: fc.oneof(fc.constant(c.id), fc.constant(String(c.id)), anything),
        amount: anything,
        pointsToRedeem: fc.oneof(fc.constantFrom(100, 120, "100", 99, 1_000_001), anything),
        description: fc.oneof(fc.string({ maxLength: 600 }), anything),
        extra: anything,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const key = newIdempotencyKey();
        const before = await countTx(c.id);
        const res = await call(recordTx, asTill(A.writeKey, { method: "POST", path: "/api/v1/transactions", body: b, idempotencyKey: key }));
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) return;
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(typeof res.json.message).toBe("string");
        expect(await countTx(c.id)).toBe(before);
        expect(await db.apiIdempotencyKey.count({ where: { businessId: A.businessId, key } })).toBe(0);
      }),
      { numRuns: 80 },
    );
  });
});

/** @jest-environment node */

import { NextRequest } from "next/server";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { GET as listCards } from "@/app/api/loyalty-cards/route";
import { GET as hostedQr } from "@/app/api/qr-hosted/[membershipNumber]/route";
import { db } from "@/lib/db";
import { generateMembershipNumber, isValidMembershipNumber } from "@/lib/rules/membership-number";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { call, freshIp, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";


/** Calls a route and keeps the body as bytes (the shared helper reads text, which would mangle a PNG). */
async function callBinary(handler: typeof hostedQr, membershipNumber: string, headers: Record<string, string> = {}) {
  const req = new NextRequest(`http://localhost/api/qr-hosted/${membershipNumber}`, { headers: { "x-forwarded-for": freshIp(), ...headers } });
  const res = await handler(req, { params: Promise.resolve({ membershipNumber }) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe("GET /api/loyalty-cards", () => {
  it("lists the caller's cards with the spec's fields, and never another business's", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const lastVisit = new Date("2026-10-01T10:00:00Z");
    const a1 = await addCustomerWithCard(a.businessId, { name: "Sarah Jones", totalPoints: 120, lastVisit, passkitStatus: "created", applePassUrl: "https://example.test/pass" });
    const a2 = await addCustomerWithCard(a.businessId, { name: "John Smith" });
    const b1 = await addCustomerWithCard(b.businessId, { name: "Bea Other" });

    const res = await call<LoyaltyCardDto[]>(listCards, { cookie: a.cookie, path: "/api/loyalty-cards" });
    expect(res.status).toBe(200);
    expect(res.json.map((c) => c.id).sort()).toEqual([a1.card.id, a2.card.id].sort());
    const first = res.json.find((c) => c.id === a1.card.id)!;
    expect(first).toEqual({
      id: a1.card.id,
      customerId: a1.customer.id,
      customerName: "Sarah Jones",
      customerEmail: a1.customer.email,
      customerAccountStatus: "active",
      customerSleepStatus: "active",
      membershipNumber: a1.card.membershipNumber,
      cardNumber: `LC-${a1.card.membershipNumber}`,
      pointsBalance: 120,
      passkitStatus: "created",
      passUrl: "https://example.test/pass",
      applePassUrl: "https://example.test/pass",
      googlePassUrl: null,
      lastUsedAt: lastVisit.toISOString(),
      createdAt: a1.card.createdAt.toISOString(),
    });
    expect(res.json.find((c) => c.id === a2.card.id)).toMatchObject({ lastUsedAt: null, pointsBalance: 0, passkitStatus: "fallback" });

    const asB = await call<LoyaltyCardDto[]>(listCards, { cookie: b.cookie, path: "/api/loyalty-cards" });
    expect(asB.json.map((c) => c.id)).toEqual([b1.card.id]);
  });

  it("leaves out parked customers' cards and lists newest first", async () => {
    const a = await createBusinessSession();
    const older = await addCustomerWithCard(a.businessId);
    await addCustomerWithCard(a.businessId, { parkedAt: new Date() });
    const newer = await addCustomerWithCard(a.businessId);
    await db.loyaltyCard.update({ where: { id: older.card.id }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
    const res = await call<LoyaltyCardDto[]>(listCards, { cookie: a.cookie, path: "/api/loyalty-cards" });
    expect(res.json.map((c) => c.id)).toEqual([newer.card.id, older.card.id]);
  });

  it("lists 10,000 cards in one query, quickly", async () => {
    const a = await createBusinessSession();
    const count = 10_000;
    const numbers = new Set<string>();
    while (numbers.size < count) numbers.add(generateMembershipNumber());
    const rows = [...numbers].map((membershipNumber, i) => ({
      businessId: a.businessId,
      firstName: "Bulk",
      lastName: `Customer${i}`,
      name: `Bulk Customer${i}`,
      email: `bulk-${i}-${a.businessId}@example.test`,
      phone: `+4477${String(a.businessId % 100).padStart(2, "0")}${String(i).padStart(6, "0")}`,
      membershipNumber,
    }));
    await db.customer.createMany({ data: rows });
    const customers = await db.customer.findMany({ where: { businessId: a.businessId }, select: { id: true, membershipNumber: true } });
    await db.loyaltyCard.createMany({
      data: customers.map((c) => ({ businessId: a.businessId, customerId: c.id, membershipNumber: c.membershipNumber, cardNumber: `LC-${c.membershipNumber}`, passkitStatus: "fallback" })),
    });

    const started = Date.now();
    const res = await call<LoyaltyCardDto[]>(listCards, { cookie: a.cookie, path: "/api/loyalty-cards" });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(count);
    expect(elapsed).toBeLessThan(5_000);
  }, 120_000);

  it("answers an empty list for a business with no cards, and 401 when signed out", async () => {
    const a = await createBusinessSession();
    expect((await call(listCards, { cookie: a.cookie, path: "/api/loyalty-cards" })).json).toEqual([]);
    const out = await call(listCards, { path: "/api/loyalty-cards" });
    expect(out.status).toBe(401);
    expect(out.json).toMatchObject({ error: { code: "unauthorized" } });
  });
});

describe("GET /api/qr-hosted/{membershipNumber}", () => {
  it("returns a cacheable PNG that decodes back to the membership number", async () => {
    const a = await createBusinessSession();
    const { card } = await addCustomerWithCard(a.businessId);
    const res = await callBinary(hostedQr, card.membershipNumber);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toMatch(/public/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1])).toBeGreaterThanOrEqual(86_400 * 30);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();

    const png = PNG.sync.read(res.body);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(card.membershipNumber);

    // The same number always gives the same image and tag; a matching If-None-Match is a 304.
    const again = await callBinary(hostedQr, card.membershipNumber);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.body.equals(res.body)).toBe(true);
    const cached = await callBinary(hostedQr, card.membershipNumber, { "if-none-match": etag! });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
  });

  it("works signed out (the QR is on the customer's own card)", async () => {
    const a = await createBusinessSession();
    const { card } = await addCustomerWithCard(a.businessId);
    expect((await callBinary(hostedQr, card.membershipNumber)).status).toBe(200);
  });

  it("answers 400 for a malformed number and 404 for a well-formed unknown one", async () => {
    for (const bad of ["abc", "123", "12345678901", "0123456789", "1234567890"]) {
      const res = await call(hostedQr, { path: `/api/qr-hosted/${bad}`, params: { membershipNumber: bad } });
      expectRefusal(res, 400, "Invalid membership number");
    }
    let unknown = generateMembershipNumber();
    while (await db.loyaltyCard.findUnique({ where: { membershipNumber: unknown } })) unknown = generateMembershipNumber();
    const res = await call(hostedQr, { path: `/api/qr-hosted/${unknown}`, params: { membershipNumber: unknown } });
    expect(res.status).toBe(404);
    // Never cached as a hit: the API's default no-store, not the image's long-lived caching.
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(isValidMembershipNumber("1234567890")).toBe(false); // a bad check digit, not an unknown number
  });

  it("limits how many unknown numbers one address may try", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const n = generateMembershipNumber();
      last = (await call(hostedQr, { path: `/api/qr-hosted/${n}`, params: { membershipNumber: n }, ip })).status;
    }
    expect(last).toBe(429);
  });
});

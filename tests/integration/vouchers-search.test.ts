/** @jest-environment node */
import { GET as listPromos } from "@/app/api/promos/route";
import { POST as recentPromos } from "@/app/api/promos/recent/route";
import { db } from "@/lib/db";
import { promoCell, type PromoVoucher } from "@/lib/rules/transaction-display";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 23: GET /api/promos?q=&sort=&order=&limit=&cursor=&total=1 searches, sorts and pages the
// business's vouchers on the server; ?codes=&customerIds= answers the promo column's vouchers;
// POST /api/promos/recent the 'easy tiger' check for a selection of any size.

const DAY = 86_400_000;
const now = Date.now();

let biz: Awaited<ReturnType<typeof createBusinessSession>>;
let other: Awaited<ReturnType<typeof createBusinessSession>>;
let customers: { id: number }[];
let everyVoucher: VoucherDto[];

type Spec = { code: string; title: string; description?: string | null; createdDaysAgo: number; expiresInDays: number | null; status?: string; customer?: number };

async function insertVouchers(businessId: number, people: { id: number }[], specs: Spec[]) {
  await db.voucher.createMany({
    data: specs.map((s, i) => ({
      businessId,
      customerId: people[s.customer ?? i % people.length].id,
      batchId: `b-${i}`,
      promoCode: s.code,
      title: s.title,
      description: s.description ?? null,
      discountType: "percentage",
      discountValue: 10,
      expiresAt: s.expiresInDays === null ? null : new Date(now + s.expiresInDays * DAY),
      status: s.status ?? "active",
      isActive: (s.status ?? "active") === "active",
      createdAt: new Date(now - s.createdDaysAgo * DAY),
    })),
  });
}

const get = <T = VoucherDto[]>(cookie: string, query: string) => call<T>(listPromos, { cookie, path: `/api/promos${query ? `?${query}` : ""}` });

/** Follows X-Next-Cursor to the end. */
async function readAll(cookie: string, query: string, limit: number): Promise<VoucherDto[][]> {
  const pages: VoucherDto[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const res: Awaited<ReturnType<typeof get<VoucherDto[]>>> = await get(cookie, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.json.length).toBeLessThanOrEqual(limit);
    pages.push(res.json);
    cursor = res.headers.get("x-next-cursor");
    if (!cursor) return pages;
  }
}

beforeAll(async () => {
  biz = await createBusinessSession();
  other = await createBusinessSession();
  customers = [await insertCustomer(biz.businessId), await insertCustomer(biz.businessId), await insertCustomer(biz.businessId)];
  const specs: Spec[] = [
    { code: "AUTUMN10", title: "Autumn treat", description: "a warm welcome", createdDaysAgo: 1, expiresInDays: 20 },
    { code: "PASTRY", title: "Pastry deal", createdDaysAgo: 2, expiresInDays: null, status: "redeemed" },
    { code: "SUMMER_5", title: "Summer 100% fun", createdDaysAgo: 3, expiresInDays: -1 },
    { code: "COFFEE", title: "Coffee club", description: "pastry with your coffee", createdDaysAgo: 4, expiresInDays: 5 },
    // Ties on the creation time and the title.
    { code: "TIE-A", title: "Same", createdDaysAgo: 5, expiresInDays: 5 },
    { code: "TIE-B", title: "Same", createdDaysAgo: 5, expiresInDays: 5 },
    { code: "OLD", title: "Old news", createdDaysAgo: 30, expiresInDays: -20, status: "cancelled" },
  ];
  await insertVouchers(biz.businessId, customers, specs);
  const theirs = [await insertCustomer(other.businessId)];
  await insertVouchers(other.businessId, theirs, [{ code: "AUTUMN10", title: "Autumn treat elsewhere", createdDaysAgo: 0, expiresInDays: 9 }]);
  everyVoucher = (await get(biz.cookie, "")).json;
});

describe("GET /api/promos: search, sort and pages on the server", () => {
  it("without parameters still answers the whole list, newest first (the spec's call)", () => {
    expect(everyVoucher.map((v) => v.promoCode)).toEqual(["AUTUMN10", "PASTRY", "SUMMER_5", "COFFEE", expect.any(String), expect.any(String), "OLD"]);
  });

  it("pages the newest-first list with the whole list's rows, counts it on the first page only, and every page is a keyset page", async () => {
    const first = await get(biz.cookie, "limit=3&total=1");
    expect(first.headers.get("x-total-count")).toBe("7");
    expect(first.json).toEqual(everyVoucher.slice(0, 3));
    const pages = await readAll(biz.cookie, "sort=created&order=desc", 2);
    expect(pages.flat()).toEqual(everyVoucher);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    const second = await get(biz.cookie, `limit=3&cursor=${first.headers.get("x-next-cursor")}&total=1`);
    expect(second.headers.get("x-total-count")).toBeNull();
    expect(second.json).toEqual(everyVoucher.slice(3, 6));
  });

  it("searches the title, the description and the code as the hub's browser search did (case-insensitive, % and _ literal)", async () => {
    const codes = async (q: string) => (await get(biz.cookie, `q=${encodeURIComponent(q)}&total=1`)).json.map((v) => v.promoCode).sort();
    expect(await codes("pastry")).toEqual(["COFFEE", "PASTRY"]);
    expect(await codes("WARM WEL")).toEqual(["AUTUMN10"]);
    expect(await codes("autumn1")).toEqual(["AUTUMN10"]); // never another business's
    expect(await codes("100%")).toEqual(["SUMMER_5"]);
    expect(await codes("r_5")).toEqual(["SUMMER_5"]);
    expect(await codes("_")).toEqual(["SUMMER_5"]);
    expect(await codes("%")).toEqual(["SUMMER_5"]);
    expect(await codes("zzz")).toEqual([]);
    const counted = await get(biz.cookie, "q=e&limit=2&total=1");
    const all = everyVoucher.filter((v) => [v.title, v.description ?? "", v.promoCode].some((t) => t.toLowerCase().includes("e")));
    expect(counted.headers.get("x-total-count")).toBe(String(all.length));
    expect((await readAll(biz.cookie, "q=e", 2)).flat()).toEqual(all);
  });

  it.each([
    ["title", "asc", (a: VoucherDto, b: VoucherDto) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id)],
    ["title", "desc", (a: VoucherDto, b: VoucherDto) => (a.title < b.title ? 1 : a.title > b.title ? -1 : b.id - a.id)],
    ["code", "asc", (a: VoucherDto, b: VoucherDto) => (a.promoCode < b.promoCode ? -1 : a.promoCode > b.promoCode ? 1 : a.id - b.id)],
    ["expiry", "asc", (a: VoucherDto, b: VoucherDto) => (Date.parse(a.expiresAt ?? "9999-01-01") - Date.parse(b.expiresAt ?? "9999-01-01")) || a.id - b.id],
    ["expiry", "desc", (a: VoucherDto, b: VoucherDto) => (Date.parse(b.expiresAt ?? "9999-01-01") - Date.parse(a.expiresAt ?? "9999-01-01")) || b.id - a.id],
    ["created", "asc", (a: VoucherDto, b: VoucherDto) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id],
  ] as const)("sorts by %s %s, ties by id, across pages of 2", async (sort, order, compare) => {
    const pages = await readAll(biz.cookie, `sort=${sort}&order=${order}`, 2);
    expect(pages.flat().map((v) => v.id)).toEqual([...everyVoucher].sort(compare).map((v) => v.id));
  });

  it("refuses bad parameters with a 400 that says what is wrong", async () => {
    expectRefusal(await get(biz.cookie, "sort=status"), 400, "sort must be one of created, title, code, expiry");
    expectRefusal(await get(biz.cookie, "order=up"), 400, "order must be asc or desc");
    expectRefusal(await get(biz.cookie, "limit=0"), 400, "limit must be at least 1");
    expectRefusal(await get(biz.cookie, "limit=501"), 400, "limit must be at most 500");
    expectRefusal(await get(biz.cookie, "limit=2.5"), 400, "limit must be a whole number");
    expectRefusal(await get(biz.cookie, "total=yes"), 400, "total must be 1");
    expectRefusal(await get(biz.cookie, `q=${"x".repeat(101)}`), 400, "q must be at most 100 characters");
    expectRefusal(await get(biz.cookie, "cursor=abc"), 400, "cursor must be the cursor a previous page returned");
    expectRefusal(await get(biz.cookie, "cursor=5.2026-13-45 10:00:00"), 400, "cursor must be the cursor a previous page returned");
    expectRefusal(await get(biz.cookie, "sort=expiry&cursor=5.tomorrow"), 400, "cursor must be the cursor a previous page returned");
    expectRefusal(await get(biz.cookie, "codes=A B"), 400, "codes must be promo codes (letters, numbers, - and _) separated by commas");
    expectRefusal(await get(biz.cookie, "codes=A&customerIds=x"), 400, "customerIds must be customer ids separated by commas");
    expectRefusal(await get(biz.cookie, "customerIds=1"), 400, "customerIds goes with codes");
    expect((await get(biz.cookie, "limit=2")).status).toBe(200);
  });
});

describe("GET /api/promos?codes=: the promo column's vouchers", () => {
  it("answers the vouchers that label each transaction as the whole list would, and never another business's", async () => {
    // The same code for every customer: one live, one cancelled, one expired.
    const [a, b, c] = customers;
    await insertVouchers(biz.businessId, customers, [
      { code: "SHARED", title: "Shared", createdDaysAgo: 1, expiresInDays: 10, customer: 0 },
      { code: "SHARED", title: "Shared", createdDaysAgo: 1, expiresInDays: 10, status: "cancelled", customer: 1 },
      { code: "SHARED", title: "Shared", createdDaysAgo: 1, expiresInDays: -1, customer: 2 },
      { code: "GONE", title: "Gone", createdDaysAgo: 1, expiresInDays: 10, status: "deleted", customer: 0 },
      { code: "LATE", title: "Late", createdDaysAgo: 1, expiresInDays: -2, customer: 1 },
    ]);
    const whole = (await get<PromoVoucher[]>(biz.cookie, "")).json;
    // A row whose customer is not asked about (the hub sends the customers of its rows) is labelled by its code alone.
    const stranger = 999_999;
    const transactions = [a.id, b.id, c.id, stranger].flatMap((customerId) =>
      ["shared", "GONE", "LATE", "AUTUMN10", "PASTRY", "NOPE"].map((promoCode) => ({ type: "points_redemption", promoCode, discountAmount: null, customerId })),
    );
    const res = await get<PromoVoucher[]>(biz.cookie, `codes=shared,GONE,LATE,AUTUMN10,PASTRY,NOPE&customerIds=${a.id},${b.id},${c.id}`);
    expect(res.status).toBe(200);
    const at = new Date();
    expect(transactions.map((t) => promoCell(t, res.json, at))).toEqual(transactions.map((t) => promoCell(t, whole, at)));
    // At most the customers' own vouchers and one a code: never the whole code's vouchers.
    expect(res.json.filter((v) => v.promoCode === "SHARED").length).toBeLessThanOrEqual(3);
    expect((await get<PromoVoucher[]>(biz.cookie, "codes=SHARED")).json).toEqual([expect.objectContaining({ promoCode: "SHARED", status: "active", customerId: a.id })]);
    // Another business's AUTUMN10 is not listed to this one; its own AUTUMN10 is not listed to the other.
    // Naming this business's customer from the other business is "not found", as for one customer.
    expectRefusal(await get<PromoVoucher[]>(other.cookie, `codes=AUTUMN10&customerIds=${a.id}`), 404, "Customer not found");
    const theirs = (await get<PromoVoucher[]>(other.cookie, "codes=AUTUMN10")).json;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].customerId).not.toBe(a.id);
    expect((await get<PromoVoucher[]>(other.cookie, "codes=PASTRY")).json).toEqual([]);
  });
});

describe("POST /api/promos/recent: the 'easy tiger' check for many customers", () => {
  it("names the selected customers given a voucher in the last 7 days, never another business's", async () => {
    const fresh = await insertCustomer(biz.businessId);
    const old = await insertCustomer(biz.businessId);
    await insertVouchers(biz.businessId, [fresh, old], [
      { code: "WEEK", title: "Week", createdDaysAgo: 6.9, expiresInDays: 5, customer: 0 },
      { code: "WEEK", title: "Week", createdDaysAgo: 7.1, expiresInDays: 5, customer: 1 },
    ]);
    const ask = (cookie: string, body: unknown) => call<{ customerIds: number[] }>(recentPromos, { method: "POST", cookie, path: "/api/promos/recent", body });
    const res = await ask(biz.cookie, { customerIds: [old.id, fresh.id] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ customerIds: [fresh.id] });
    expectRefusal(await ask(other.cookie, { customerIds: [fresh.id, old.id] }), 404, "Customer not found");
    expectRefusal(await ask(biz.cookie, { customerIds: [] }), 400, "please select at least one customer");
    expectRefusal(await ask(biz.cookie, { customerIds: ["x"] }), 400, "customer ids must be numbers");
    expectRefusal(await ask(biz.cookie, { customerIds: Array.from({ length: 5001 }, (_, i) => i + 1) }), 400, "customerIds may name at most 5,000 customers at once");
    expectRefusal(await ask(biz.cookie, {}), 400, "please select at least one customer");
  });
});

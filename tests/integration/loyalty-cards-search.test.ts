/** @jest-environment node */
import { GET as listCards } from "@/app/api/loyalty-cards/route";
import { CARD_SEARCH_COUNT_CAP } from "@/lib/cards/list-loyalty-cards";
import { db } from "@/lib/db";
import { generateMembershipNumber } from "@/lib/rules/membership-number";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";

// Issue 23: GET /api/loyalty-cards?q=&cursor=&limit=&total= searches and pages the card hub on the
// server (the hub read every card of the business, 100,000 at full size, after load).

let a: Awaited<ReturnType<typeof createBusinessSession>>;
let b: Awaited<ReturnType<typeof createBusinessSession>>;
const names = (cards: LoyaltyCardDto[]) => cards.map((c) => c.customerName);
const get = (query: string, cookie = a.cookie) => call<LoyaltyCardDto[]>(listCards, { cookie, path: `/api/loyalty-cards${query}` });

beforeAll(async () => {
  a = await createBusinessSession();
  b = await createBusinessSession();
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, s, 123));
  // Two cards made in the same millisecond: the id breaks the tie.
  for (const [name, second] of [["Sarah Jones", 1], ["John Smith", 2], ["Joanna 100%_Baker", 3], ["Ann Lee", 3], ["Carl Weathers", 4]] as const) {
    const made = await addCustomerWithCard(a.businessId, { name });
    await db.loyaltyCard.update({ where: { id: made.card.id }, data: { createdAt: at(second) } });
  }
  await addCustomerWithCard(a.businessId, { name: "Peter Parked", parkedAt: new Date() });
  await addCustomerWithCard(b.businessId, { name: "John Other" });
});

describe("GET /api/loyalty-cards?q=&cursor=&limit= (issue 23)", () => {
  it("reads the cards newest first a page at a time, as the whole list orders them", async () => {
    const whole = await get("");
    expect(whole.status).toBe(200);
    const seen: LoyaltyCardDto[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await get(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.json);
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual(whole.json);
    // Ann Lee and Joanna share a millisecond: the later card (higher id) first.
    expect(names(seen)).toEqual(["Carl Weathers", "Ann Lee", "Joanna 100%_Baker", "John Smith", "Sarah Jones"]);
  });

  it("searches the customer's name or email, ignoring case; % and _ are literal", async () => {
    expect(names((await get("?q=JO")).json)).toEqual(["Joanna 100%_Baker", "John Smith", "Sarah Jones"]);
    expect(names((await get("?q=100%25_")).json)).toEqual(["Joanna 100%_Baker"]);
    expect(names((await get("?q=%25")).json)).toEqual(["Joanna 100%_Baker"]);
    expect(names((await get("?q=carl-")).json)).toEqual(["Carl Weathers"]); // the email's first part
    expect((await get("?q=nobody")).json).toEqual([]);
    const first = await get("?q=jo&limit=2&total=1");
    expect(names(first.json)).toEqual(["Joanna 100%_Baker", "John Smith"]);
    expect([first.headers.get("x-total-count"), first.headers.get("x-total-kind")]).toEqual(["3", "exact"]);
    const second = await get(`?q=jo&limit=2&cursor=${first.headers.get("x-next-cursor")}`);
    expect(names(second.json)).toEqual(["Sarah Jones"]);
    expect(second.headers.get("x-next-cursor")).toBeNull();
  });

  it("lists neither a parked customer's nor another business's card, however searched", async () => {
    expect((await get("?q=parked")).json).toEqual([]);
    expect(names((await get("?q=john")).json)).toEqual(["John Smith"]);
    expect(names((await get("?q=john", b.cookie)).json)).toEqual(["John Other"]);
  });

  it("stops a search's count at the cap", async () => {
    const c = await createBusinessSession();
    const customers = await db.customer.createManyAndReturn({
      data: Array.from({ length: CARD_SEARCH_COUNT_CAP + 2 }, (_, i) => ({ businessId: c.businessId, name: `Many ${i}`, firstName: "Many", lastName: String(i), email: `many${i}-${c.businessId}@example.test`, phone: `+4477009${String(i).padStart(5, "0")}`, membershipNumber: generateMembershipNumber() })),
    });
    await db.loyaltyCard.createMany({ data: customers.map((m) => ({ businessId: c.businessId, customerId: m.id, membershipNumber: m.membershipNumber, cardNumber: `LC-${m.membershipNumber}`, passkitStatus: "fallback" })) });
    const res = await get("?q=many&limit=10&total=1", c.cookie);
    expect(res.json).toHaveLength(10);
    expect([res.headers.get("x-total-count"), res.headers.get("x-total-kind")]).toEqual([String(CARD_SEARCH_COUNT_CAP), "at-least"]);
  });

  it.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=501", "limit must be at most 500"],
    ["?limit=x", "limit must be a whole number"],
    ["?cursor=abc", "cursor must be the cursor a previous page returned"],
    ["?cursor=1-0", "cursor must be the cursor a previous page returned"],
    ["?total=yes", "total must be 1"],
    [`?q=${"a".repeat(101)}`, "q must be at most 100 characters"],
  ])("answers %s with 400 and a clear message", async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it("refuses without a session", async () => {
    expect((await call(listCards, { path: "/api/loyalty-cards?q=jo" })).status).toBe(401);
  });
});

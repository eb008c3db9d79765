/** @jest-environment node */
import { GET as staffCustomers } from "@/app/api/staff/customers/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { PATCH as closeCustomer } from "@/app/api/customers/[id]/close/route";
import { db } from "@/lib/db";
import type { StaffCustomer } from "@/lib/staff/types";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// Issue 23: GET /api/staff/customers?q=&cursor=&limit= searches and pages the staff list on the
// server (the customer hub's search), instead of sending every open customer to the till.

const FIELDS = ["email", "id", "lifetimeSpent", "membershipNumber", "name", "pointsBalance"];

let biz: Awaited<ReturnType<typeof createBusinessSession>>;
let other: Awaited<ReturnType<typeof createBusinessSession>>;
let staff: { cookie: string };
let made: CustomerDto[];
let theirs: CustomerDto;

const get = (query: string, cookie = staff.cookie) => call<StaffCustomer[]>(staffCustomers, { cookie, path: `/api/staff/customers${query}` });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  biz = await createBusinessSession();
  other = await createBusinessSession();
  made = [];
  for (const s of [
    { name: "John Smith", email: "john.smith@example.com" },
    { name: "Joanna Baker", email: "jo.baker@example.com" },
    { name: "Ann O'Neil", email: "ann@example.net" },
    { name: "Bob Jones", email: "bob@example.com" },
    { name: "Carl Weathers", email: "carl@example.org" },
    { name: "Dora Closed", email: "dora@example.com" },
    { name: "Ed Parked", email: "ed@example.com" },
  ])
    made.push(await addCustomer(biz.cookie, s));
  await db.customer.update({ where: { id: made[0].id }, data: { totalPoints: 42, lifetimeSpentPence: 1250 } });
  await reconcileLedgerForTest([made[0].id]);
  await call(closeCustomer, { method: "PATCH", cookie: biz.cookie, params: { id: String(made[5].id) } });
  await db.customer.update({ where: { id: made[6].id }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
  theirs = await addCustomer(other.cookie, { name: "John Other", email: "john.other@example.com" });
  staff = await createStaffSession(biz.businessId);
}, 120_000); // nine customers through the SMS check: slow on the embedded database under load

describe("GET /api/staff/customers?q=&cursor=&limit= (issue 23)", () => {
  it("reads the open customers by name a page at a time, with the staff list item's fields only", async () => {
    const seen: StaffCustomer[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.json.length).toBeLessThanOrEqual(2);
      for (const row of res.json) expect(Object.keys(row).sort()).toEqual(FIELDS);
      seen.push(...res.json);
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor && pages < 10);
    expect(names(seen)).toEqual(["Ann O'Neil", "Bob Jones", "Carl Weathers", "Joanna Baker", "John Smith"]);
    expect(pages).toBe(3);
    // The same rows as the whole list (spec 3's unpaged call, kept).
    const whole = await get("");
    expect(whole.json).toEqual(seen);
    expect(seen.find((c) => c.name === "John Smith")).toEqual({ id: made[0].id, name: "John Smith", email: "john.smith@example.com", membershipNumber: made[0].membershipNumber, pointsBalance: 42, lifetimeSpent: "12.50" });
  });

  it("searches a part of the name, email or membership number, and a name within a typo", async () => {
    expect(names((await get("?q=jo")).json)).toEqual(["Bob Jones", "Joanna Baker", "John Smith"]);
    expect(names((await get("?q=EXAMPLE.ORG")).json)).toEqual(["Carl Weathers"]);
    expect(names((await get(`?q=${made[2].membershipNumber.slice(2, 8)}`)).json)).toContain("Ann O'Neil");
    // Typed as it is shown on the card, with spaces.
    const shown = formatMembershipNumber(made[2].membershipNumber);
    expect(shown).toContain(" ");
    expect(names((await get(`?q=${encodeURIComponent(shown)}`)).json)).toEqual(["Ann O'Neil"]);
    expect(names((await get("?q=jonh%20smith")).json)).toEqual(["John Smith"]);
    expect((await get("?q=nobody-here")).json).toEqual([]);
    // Pages of a search follow on.
    const first = await get("?q=jo&limit=2");
    expect(names(first.json)).toEqual(["Bob Jones", "Joanna Baker"]);
    const second = await get(`?q=jo&limit=2&cursor=${first.headers.get("x-next-cursor")}`);
    expect(names(second.json)).toEqual(["John Smith"]);
    expect(second.headers.get("x-next-cursor")).toBeNull();
  });

  it("does not search the phone, which staff are not shown (the hub does)", async () => {
    const phoneTail = made[4].phone.slice(-6);
    expect(names((await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie, path: `/api/customers?q=${phoneTail}` })).json)).toEqual(["Carl Weathers"]);
    expect((await get(`?q=${phoneTail}`)).json).toEqual([]);
  });

  it("lists neither closed, parked nor another business's customers, however searched", async () => {
    expect((await get("?q=dora")).json).toEqual([]);
    expect((await get("?q=parked")).json).toEqual([]);
    const john = await get("?q=john");
    expect(names(john.json)).toEqual(["John Smith"]);
    expect(john.text).not.toContain(theirs.email);
    expect((await get(`?q=${theirs.membershipNumber}`)).json).toEqual([]);
    // The other business's staff see their own.
    const theirStaff = await createStaffSession(other.businessId);
    expect(names((await get("?q=john", theirStaff.cookie)).json)).toEqual(["John Other"]);
  });

  it.each([
    ["?limit=0", "limit must be at least 1"],
    ["?limit=abc", "limit must be a whole number"],
    ["?limit=2.5", "limit must be a whole number"],
    ["?cursor=nonsense", "cursor must be the cursor a previous page returned"],
    [`?q=${"a".repeat(101)}`, "q must be at most 100 characters"],
  ])("answers %s with 400 and a clear message", async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it("refuses without a session", async () => {
    expect((await call(staffCustomers, { path: "/api/staff/customers?q=jo" })).status).toBe(401);
  });
});

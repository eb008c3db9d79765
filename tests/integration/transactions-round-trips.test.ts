/** @jest-environment node */
import { POST as create } from "@/app/api/transactions/route";
import { sharedPool } from "@/lib/db-pool";
import { flushBackgroundWork } from "@/lib/after-response";
import { call } from "../helpers/http";
import { addCustomer } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

// Issue 23: the till's hot path in round trips. Every query of the app (Prisma's and lib/db-raw.ts's)
// goes through the process's one pool, so counting its calls counts the statements a request makes,
// the background work after the answer included.

const newBusiness = ledgerCheckedBusinesses();
const post = (cookie: string, body: Record<string, unknown>) => call<{ balance: number; customer: { tier: string | null } }>(create, { method: "POST", cookie, body });

async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(sharedPool(), "query");
  try {
    await work();
    await flushBackgroundWork();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

it("a purchase or bonus with no tiers, referral or webhook endpoint is three statements: the session, the customer, the ledger's one write", async () => {
  const biz = await newBusiness();
  const customer = await addCustomer(biz.cookie);
  expect((await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "1.00" })).status).toBe(201); // session touched, caches warm

  let res!: Awaited<ReturnType<typeof post>>;
  expect(await statementsOf(async () => (res = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "4.20" })))).toBe(3);
  expect(res.status).toBe(201);
  expect(res.json.balance).toBe(5);
  expect(await statementsOf(async () => (res = await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "5" })))).toBe(3);
  expect(res.json.balance).toBe(10);
});

// Tiers, referrals and webhooks after a purchase keep their own tests, through the same route:
// tiers-referrals-followups.test.ts and api-webhooks.test.ts.

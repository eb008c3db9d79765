/** @jest-environment node */
import { PUT as adminUpdateBusiness } from "@/app/api/admin/businesses/[id]/route";
import { GET as adminLoyaltyCards } from "@/app/api/admin/loyalty-cards/route";
import { POST as resetPassword } from "@/app/api/reset-password/route";
import { GET as listTransactions } from "@/app/api/transactions/route";
import { PUT as editTransaction } from "@/app/api/transactions/[id]/route";
import { GET as getCustomer } from "@/app/api/customers/[id]/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { adminSession } from "../integration/admin-fixtures";
import { buildTenant } from "./support/fixture";
import { recordTally } from "./support/tally";

// The inputs the fuzzer found answering 500 (or storing an impossible row), kept as plain cases so
// a regression names itself. Each answered 500 before its fix.

let t: Awaited<ReturnType<typeof buildTenant>>;
let admin: string;
beforeAll(async () => {
  t = await buildTenant("R");
  admin = (await adminSession("Rex Regression")).cookie;
}, 60_000);

const edit = (description: string) =>
  call(editTransaction, { method: "PUT", cookie: t.owner, params: { id: String(t.transactionId) }, body: { type: "purchase", amount: "1.00", description, pointsEarned: 1, pointsRedeemed: 0 } });

describe("inputs the fuzzer found", () => {
  afterAll(() => recordTally("malformedInputs", 9));

  it("a NUL byte in any text is a 400, not a database error", async () => {
    for (const description of ["a\u0000b", "\u0000"]) {
      const res = await edit(description);
      expect({ description, status: res.status, message: res.json.message }).toEqual({ description, status: 400, message: "The request contains characters that are not allowed" });
    }
  });

  it("a lone surrogate in any text is a 400", async () => {
    expect((await edit("x\udfffy")).status).toBe(400);
    const q = await call(listTransactions, { cookie: t.owner, path: "/api/transactions?q=%ED%A0%80" });
    expect(q.status).toBeLessThan(500);
  });

  it("ids above PostgreSQL's integer range are a 400 (path, query, body)", async () => {
    expect((await call(getCustomer, { cookie: t.owner, params: { id: "2147483648" } })).status).toBe(400);
    expect((await call(listTransactions, { cookie: t.owner, path: "/api/transactions?customerId=99999999999" })).status).toBe(400);
    expect((await call(adminLoyaltyCards, { cookie: admin, path: "/api/admin/loyalty-cards?businessId=1.388102428866569e%2B71" })).status).toBe(400);
    expect((await call(resetPassword, { method: "POST", body: { token: "8#", businessId: 2147483648, newPassword: "Passw0rd!" } })).status).toBe(400);
  });

  it("a rate too fine for DECIMAL(10,3) is refused rather than stored as 0", async () => {
    const res = await call(adminUpdateBusiness, { method: "PUT", cookie: admin, params: { id: String(t.businessId) }, body: { pointsPerPound: 1e-300 } });
    expect(res.status).toBe(400);
    const biz = await db.business.findUniqueOrThrow({ where: { id: t.businessId } });
    expect(Number(biz.pointsPerPound)).toBeGreaterThan(0);
  });
});

/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { GET as onboardingStats } from "@/app/api/admin/onboarding-stats/route";
import { db } from "@/lib/db";
import type { OnboardingStats } from "@/lib/admin/get-onboarding-stats";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { adminSession } from "./admin-fixtures";

// Issue 23: the dashboard's "with customers" and "founder members" are counted by the database
// (they were counted in the browser from every business). Serial: the deltas are exact only when
// no other test adds businesses meanwhile.

const stats = async (cookie: string) => {
  const res = await call<OnboardingStats>(onboardingStats, { cookie, path: "/api/admin/onboarding-stats" });
  expect(res.status).toBe(200);
  return res.json;
};

describe("GET /api/admin/onboarding-stats", () => {
  it("counts live businesses, those with an open customer, and founder members; deleted ones never", async () => {
    const { cookie } = await adminSession();
    const before = await stats(cookie);

    const withCustomer = await createBusinessSession();
    await addCustomer(withCustomer.cookie);
    const closedOnly = await createBusinessSession();
    const closed = await addCustomer(closedOnly.cookie);
    await db.customer.update({ where: { id: closed.id }, data: { accountStatus: "closed" } });
    const founder = await createBusinessSession();
    await db.business.update({ where: { id: founder.businessId }, data: { isFounderMember: true } });
    const gone = await createBusinessSession();
    await addCustomer(gone.cookie);
    await db.business.update({ where: { id: gone.businessId }, data: { accountStatus: "deleted", isFounderMember: true } });

    const after = await stats(cookie);
    expect(after).toEqual({ totalBusinesses: before.totalBusinesses + 3, withCustomers: before.withCustomers + 1, founderMembers: before.founderMembers + 1 });
  });

  it("is for the super admin only", async () => {
    const owner = await createBusinessSession({ email: `owner-${randomUUID().slice(0, 8)}@example.test` });
    expect((await call(onboardingStats, { cookie: owner.cookie, path: "/api/admin/onboarding-stats" })).status).toBe(403);
    expect((await call(onboardingStats, { path: "/api/admin/onboarding-stats" })).status).toBe(401);
  });
});

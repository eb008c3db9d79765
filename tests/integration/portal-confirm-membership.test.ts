/** @jest-environment node */
import { GET as confirm } from "@/app/api/confirm-membership/[token]/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomer } from "./portal-fixtures";

async function confirmationToken(customerId: number): Promise<string> {
  const welcome = await db.outboundMessage.findFirstOrThrow({ where: { customerId, emailType: "welcome" }, orderBy: { id: "desc" } });
  const match = /\/confirm-membership\/([A-Za-z0-9_-]+)/.exec(welcome.html ?? "");
  if (!match) throw new Error("no confirmation link in the welcome email");
  return match[1];
}

const get = (token: string) => call(confirm, { params: { token }, path: `/api/confirm-membership/${token}` });

describe("GET /api/confirm-membership/{token}", () => {
  // Issue 20: opening the link a second time said "Invalid confirmation link" although the
  // membership was confirmed; it now says it is already confirmed, and changes nothing.
  it("confirms the membership from the welcome email's link, once; a second open says it is already confirmed", async () => {
    const { customer, business } = await businessWithCustomer();
    const token = await confirmationToken(customer.id);
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Your membership has been confirmed!", customer: { name: customer.name, membershipNumber: customer.membershipNumber } });

    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row.membershipConfirmedAt).not.toBeNull();
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: business.businessId, action: "membership_confirmed" } });
    expect(activity).toMatchObject({ actorType: "customer", actorId: customer.id, recordId: String(customer.id) });

    const again = await get(token);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ message: "Your membership is already confirmed.", alreadyConfirmed: true, customer: { name: customer.name, membershipNumber: customer.membershipNumber } });
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).membershipConfirmedAt).toEqual(row.membershipConfirmedAt);
    expect(await db.activityLog.count({ where: { businessId: business.businessId, action: "membership_confirmed" } })).toBe(1);
  });

  it("answers 'Invalid confirmation link' for unknown, empty or oversized tokens", async () => {
    for (const token of ["not-a-real-token-aaaaaaaaaaaaaaaaaaaa", "", "x".repeat(500)]) {
      const res = await get(token);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Invalid confirmation link" });
    }
  });

  it("does not confirm a closed account", async () => {
    const { customer } = await businessWithCustomer();
    const token = await confirmationToken(customer.id);
    await db.customer.update({ where: { id: customer.id }, data: { accountStatus: "closed", closedAt: new Date() } });
    expect((await get(token)).status).toBe(404);
  });

  it("limits guessing per client address", async () => {
    const ip = "10.251.2.2";
    for (let i = 0; i < 30; i++) expect((await call(confirm, { params: { token: `guess-${i}` }, ip })).status).toBe(404);
    expect((await call(confirm, { params: { token: "guess-last" }, ip })).status).toBe(429);
  });
});

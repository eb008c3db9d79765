/** @jest-environment node */
import { DELETE as deleteCustomerRoute, GET as getCustomer } from "@/app/api/customers/[id]/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { PATCH as close } from "@/app/api/customers/[id]/close/route";
import { POST as create } from "@/app/api/transactions/route";
import { DELETE as removeTransaction, PUT as editTransaction } from "@/app/api/transactions/[id]/route";
import { POST as verifyAccess } from "@/app/api/customer/verify-access/route";
import { db } from "@/lib/db";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call } from "../helpers/http";
import { createStaffSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

// Issue 17 item 4: the owner deletes a customer (DELETE /api/customers/{id} was 405), which frees
// the email and phone for a re-add at once; the ledger stays as an anonymous record; the list,
// the export (built from the list) and the portal forget the person. Re-adding after closing
// works too (it was "A customer with this email already exists" for 28 days).

const setup = ledgerCheckedBusinesses();
const del = (cookie: string, id: number) => call<{ message: string }>(deleteCustomerRoute, { method: "DELETE", cookie, params: { id: String(id) } });

describe("DELETE /api/customers/{id}", () => {
  it("erases the person, keeps the ledger anonymised, logs it, and frees the email and phone for a re-add at once", async () => {
    const biz = await setup();
    const customer = await addCustomer(biz.cookie);
    const full = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    const bought = await call<{ transaction: { id: number } }>(create, { method: "POST", cookie: biz.cookie, body: { customerId: customer.id, type: "purchase", amount: "12.00" } });

    const res = await del(biz.cookie, customer.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Customer deleted" });

    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ accountStatus: "archived", name: "Archived customer", dateOfBirth: null, totalPoints: 0, marketingConsentEmail: false });
    expect(row.email).not.toBe(full.email);
    expect(row.phone).not.toBe(full.phone);
    expect(await db.loyaltyCard.count({ where: { customerId: customer.id } })).toBe(0);
    // The business's accounts keep the transaction and the ledger (with the forfeit), without the person.
    expect(await db.transaction.count({ where: { customerId: customer.id } })).toBe(1);
    const ledger = await db.pointsLedgerEntry.findMany({ where: { customerId: customer.id }, orderBy: { id: "asc" } });
    expect(ledger.map((r) => [r.kind, r.points, r.balanceAfter])).toEqual([["earn", 12, 12], ["forfeit", -12, 0]]);
    expect(ledger[1]).toMatchObject({ actorType: "owner" });
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "customer_deleted" } });
    expect(log).toMatchObject({ actorType: "owner", recordId: String(customer.id) });
    expect(log.description).not.toContain(full.name);

    // Gone from the list (and so from the marketing export built from it) and from GET.
    const list = await call<CustomerDto[] | { customers: CustomerDto[] }>(listCustomers, { cookie: biz.cookie });
    expect(JSON.stringify(list.json)).not.toContain(full.email);
    expect((await call(getCustomer, { cookie: biz.cookie, params: { id: String(customer.id) } })).status).toBe(404);
    // The portal does not know the address any more.
    const portal = await call(verifyAccess, { method: "POST", body: { email: full.email } });
    expect(JSON.stringify(portal.json ?? {})).not.toContain(customer.membershipNumber);
    expect(await db.customer.count({ where: { email: full.email } })).toBe(0);

    // Re-added at once with the same email and phone: a new account, starting from zero.
    const again = await addCustomer(biz.cookie, { email: full.email, phone: full.phone.replace(/^\+44/, "0") });
    expect(again.id).not.toBe(customer.id);
    expect(again.totalPoints).toBe(0);

    expect((await del(biz.cookie, customer.id)).status).toBe(404); // already deleted

    // The kept transaction can no longer move anything.
    const txId = String(bought.json.transaction.id);
    const edited = await call(editTransaction, { method: "PUT", cookie: biz.cookie, params: { id: txId }, body: { type: "purchase", amount: "50.00", pointsEarned: 50, pointsRedeemed: 0 } });
    expect(edited.status).toBe(409);
    expect(edited.json).toMatchObject({ message: "This customer has been deleted: their points and transactions can no longer change." });
    expect((await call(removeTransaction, { method: "DELETE", cookie: biz.cookie, params: { id: txId }, body: { reason: "incorrectly_posted" } })).status).toBe(409);
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ totalPoints: 0, lifetimeSpentPence: 1200 });
    expect(await db.pointsLedgerEntry.count({ where: { customerId: customer.id } })).toBe(2);
  });

  it("another business's customer is a 404 and stays untouched; staff cannot delete; bad ids are 400", async () => {
    const biz = await setup();
    const other = await setup();
    const theirs = await addCustomer(other.cookie);
    expect((await del(biz.cookie, theirs.id)).status).toBe(404);
    const staff = await createStaffSession(biz.businessId);
    const mine = await addCustomer(biz.cookie);
    expect([401, 403]).toContain((await del(staff.cookie, mine.id)).status);
    expect((await db.customer.findUniqueOrThrow({ where: { id: theirs.id } })).accountStatus).toBe("active");
    expect((await db.customer.findUniqueOrThrow({ where: { id: mine.id } })).accountStatus).toBe("active");
    for (const id of ["abc", "0", "99999999999"]) {
      expect((await call(deleteCustomerRoute, { method: "DELETE", cookie: biz.cookie, params: { id } })).status).toBe(400);
    }
  });

  it("a closed customer can be deleted, and re-adding a closed customer's email works at once (the closed record is deleted)", async () => {
    const biz = await setup();
    const closed = await addCustomer(biz.cookie);
    const full = await db.customer.findUniqueOrThrow({ where: { id: closed.id } });
    await call(create, { method: "POST", cookie: biz.cookie, body: { customerId: closed.id, type: "bonus_points", amount: "40" } });
    expect((await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(closed.id) } })).status).toBe(200);

    const readded = await addCustomer(biz.cookie, { email: full.email, phone: full.phone.replace(/^\+44/, "0") });
    expect(readded.id).not.toBe(closed.id);
    const old = await db.customer.findUniqueOrThrow({ where: { id: closed.id } });
    expect(old).toMatchObject({ accountStatus: "archived", totalPoints: 0 });
    expect(old.email).not.toBe(full.email);

    const another = await addCustomer(biz.cookie);
    await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(another.id) } });
    expect((await del(biz.cookie, another.id)).status).toBe(200);
  });
});

import "server-only";
import { db } from "@/lib/db";
import { penceToPounds } from "@/lib/customers/customer-dto";
import { searchCustomersPage } from "@/lib/customers/search-customers";
import type { StaffCustomer } from "@/lib/staff/types";

/** Staff customer list (spec 3 section 3): the business's open customers, by name. Parked and
 *  closed customers are left out: no transaction can be recorded for them. `take` reads only the
 *  first ones. */
export async function listStaffCustomers(businessId: number, take?: number): Promise<StaffCustomer[]> {
  const rows = await db.customer.findMany({
    take,
    where: { businessId, parkedAt: null, accountStatus: { notIn: ["closed", "archived"] } },
    select: { id: true, name: true, email: true, membershipNumber: true, totalPoints: true, lifetimeSpentPence: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, membershipNumber: r.membershipNumber, pointsBalance: r.totalPoints, lifetimeSpent: penceToPounds(r.lifetimeSpentPence) }));
}

/** The staff portal's default page size (GET /api/staff/customers?q=&cursor=&limit=). */
export const STAFF_CUSTOMER_PAGE = 50;

/** One page of the same list searched on the server (issue 23): the customer hub's search (a part
 *  of the name, email or membership number; a name within a typo when nothing matches as typed),
 *  by name, keyset pages. `json` is the page's StaffCustomer[] as JSON text; `next` the cursor of
 *  the following page (null on the last). */
export function listStaffCustomerPage(businessId: number, page: { q?: string; cursor?: { key: string; id: number; near?: boolean }; limit?: number }) {
  return searchCustomersPage(businessId, { q: page.q, cursor: page.cursor, limit: page.limit ?? STAFF_CUSTOMER_PAGE, sort: "name", order: "asc", status: "open", view: "staff" });
}

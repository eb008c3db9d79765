import "server-only";
import { db } from "@/lib/db";
import { penceToPounds } from "@/lib/customers/customer-dto";
import type { StaffCustomer } from "@/lib/staff/types";

/** Staff customer list (spec 3 section 3): the business's open customers, by name. Parked and
 *  closed customers are left out: no transaction can be recorded for them. `take` reads only the
 *  first ones (the dashboard's first HTML). */
export async function listStaffCustomers(businessId: number, take?: number): Promise<StaffCustomer[]> {
  const rows = await db.customer.findMany({
    take,
    where: { businessId, parkedAt: null, accountStatus: { notIn: ["closed", "archived"] } },
    select: { id: true, name: true, email: true, membershipNumber: true, totalPoints: true, lifetimeSpentPence: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, membershipNumber: r.membershipNumber, pointsBalance: r.totalPoints, lifetimeSpent: penceToPounds(r.lifetimeSpentPence) }));
}

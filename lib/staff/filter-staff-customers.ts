import { membershipNumberMatches } from "@/lib/rules/membership-number";
import type { StaffCustomer } from "@/lib/staff/types";

/** Name, email or membership number contains the search text (client-side filter, spec 3 section 2). */
export function filterStaffCustomers(customers: StaffCustomer[], search: string): StaffCustomer[] {
  const q = search.trim().toLowerCase();
  if (!q) return customers;
  return customers.filter((c) => c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q) || membershipNumberMatches(c.membershipNumber, q));
}

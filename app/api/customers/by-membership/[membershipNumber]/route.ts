import { z } from "zod";
import { staffRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/api-error";
import { db } from "@/lib/db";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { membershipNumberFrom } from "@/lib/rules/membership-number";

const NOT_FOUND = "no customer found with this membership number";
const params = z.object({ membershipNumber: z.string().trim().max(32) });

// GET /api/customers/by-membership/{membershipNumber} - find the business's customer from a scanned or typed card number
// Spec 2 gives this "customer (id, name)": that is all a staff login gets (issue 19, item 7: staff
// can enumerate membership numbers, so anything more would hand them every phone and birthday).
// The owner's scanner opens the add-transaction dialog with the customer, so the owner (who sees
// every customer's record anyway) gets the full record.
export const GET = staffRoute({ params }, async ({ auth, params }) => {
  const number = membershipNumberFrom(params.membershipNumber);
  if (!/^\d{6,12}$/.test(number)) throw notFound(NOT_FOUND);
  const where = { businessId: auth.businessId, membershipNumber: number, accountStatus: { not: "archived" } };
  if (auth.kind === "staff") {
    const customer = await db.customer.findFirst({ where, select: { id: true, name: true } });
    if (!customer) throw notFound(NOT_FOUND);
    return { id: customer.id, name: customer.name };
  }
  const customer = await db.customer.findFirst({ where, include: { card: true } });
  if (!customer) throw notFound(NOT_FOUND);
  return toCustomerDto(customer);
});

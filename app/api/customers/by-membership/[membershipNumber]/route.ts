import { z } from "zod";
import { staffRoute } from "@/lib/api/route";
import { notFound } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { toCustomerDto } from "@/lib/customers/customer-dto";

const NOT_FOUND = "no customer found with this membership number";
const params = z.object({ membershipNumber: z.string().trim().max(32) });

// GET /api/customers/by-membership/{membershipNumber} - find the business's customer from a scanned or typed card number
export const GET = staffRoute({ params }, async ({ auth, params }) => {
  const number = params.membershipNumber.replace(/^LC-/i, "").replace(/\s+/g, "");
  if (!/^\d{6,12}$/.test(number)) throw notFound(NOT_FOUND);
  const customer = await db.customer.findFirst({
    where: { businessId: auth.businessId, membershipNumber: number, accountStatus: { not: "archived" } },
    include: { card: true },
  });
  if (!customer) throw notFound(NOT_FOUND);
  return toCustomerDto(customer);
});

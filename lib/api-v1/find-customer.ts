import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { normaliseUkPhone, UK_PHONE_PATTERN, stripPhone } from "@/lib/validation/common";
import { toApiCustomer } from "@/lib/api-v1/api-dto";
// The card's QR encodes the membership number; typed numbers may carry the LC- prefix and spaces.
import { membershipNumberFrom } from "@/lib/rules/membership-number";

export const NO_MEMBER = "no customer found with this membership number"; // the app's own message
export const NO_PHONE = "no customer found with this phone number";


/** GET /api/v1/customers/lookup: one of the business's customers (never an archived one). */
export async function findApiCustomer(businessId: number, q: { membershipNumber?: string; qr?: string; phone?: string }) {
  const base = { businessId, accountStatus: { not: "archived" } };
  if (q.phone) {
    const phone = stripPhone(q.phone);
    if (!UK_PHONE_PATTERN.test(phone)) throw notFound(NO_PHONE);
    const customer = await db.customer.findFirst({ where: { ...base, phone: normaliseUkPhone(phone) }, orderBy: { id: "asc" } });
    if (!customer) throw notFound(NO_PHONE);
    return { customer: toApiCustomer(customer) };
  }
  const number = membershipNumberFrom(q.membershipNumber ?? q.qr ?? "");
  if (!/^\d{6,12}$/.test(number)) throw notFound(NO_MEMBER);
  const customer = await db.customer.findFirst({ where: { ...base, membershipNumber: number } });
  if (!customer) throw notFound(NO_MEMBER);
  return { customer: toApiCustomer(customer) };
}

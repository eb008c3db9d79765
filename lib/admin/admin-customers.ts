import "server-only";
import type { Customer } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { likePattern } from "@/lib/rules/like-pattern";
import { conflict, notFound } from "@/lib/errors/api-error";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { penceToPounds } from "@/lib/customers/customer-dto";

// The admin's Customers tab (spec 3 section 3, "Customer (admin view)"). isActive is the account
// being open and awake: turning it off snoozes the customer (communications pause), on reactivates
// a snoozed one. Closed accounts are permanent and cannot be toggled.

export type AdminCustomerDto = {
  id: number;
  name: string;
  membershipNumber: string;
  email: string;
  phone: string;
  pointsBalance: number;
  lifetimeSpent: string;
  emailConsent: boolean;
  smsConsent: boolean;
  joinedDate: string;
  isActive: boolean;
  accountStatus: string;
};

type AdminCustomerRow = Pick<
  Customer,
  "id" | "name" | "membershipNumber" | "email" | "phone" | "totalPoints" | "lifetimeSpentPence" | "marketingConsentEmail" | "marketingConsentSms" | "createdAt" | "accountStatus"
>;

export function toAdminCustomerDto(c: AdminCustomerRow): AdminCustomerDto {
  return {
    id: c.id,
    name: c.name,
    membershipNumber: c.membershipNumber,
    email: c.email,
    phone: c.phone,
    pointsBalance: c.totalPoints,
    lifetimeSpent: penceToPounds(c.lifetimeSpentPence),
    emailConsent: c.marketingConsentEmail,
    smsConsent: c.marketingConsentSms,
    joinedDate: c.createdAt.toISOString(),
    isActive: c.accountStatus === "active",
    accountStatus: c.accountStatus,
  };
}

async function assertVisibleBusiness(businessId: number) {
  const business = await db.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } }, select: { id: true } });
  if (!business) throw notFound("Business not found");
}

/** GET /api/admin/business-customers/{id} without paging: every customer, newest first. */
export async function listBusinessCustomers(businessId: number): Promise<AdminCustomerDto[]> {
  await assertVisibleBusiness(businessId);
  const customers = await db.customer.findMany({ where: { businessId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return customers.map(toAdminCustomerDto);
}

export type AdminCustomerPage = { customers: AdminCustomerDto[]; next: string | null };

/** GET /api/admin/business-customers/{id}?q=&cursor=&limit= (issue 23: a business of 100,000
 *  customers): a page of the list above, newest first (keyset on (createdAt, id)); q finds a part
 *  of the name, the email or the membership number, ignoring case. */
export async function listBusinessCustomerPage(
  businessId: number,
  page: { q?: string; cursor?: { createdAtMs: number; id: number }; limit: number },
): Promise<AdminCustomerPage> {
  await assertVisibleBusiness(businessId);
  const q = page.q?.trim() ?? "";
  const digits = q.replace(/[\s-]/g, "");
  const search = q
    ? Prisma.sql`AND (name ILIKE ${likePattern(q)} OR email ILIKE ${likePattern(q)}${/^\d+$/.test(digits) ? Prisma.sql` OR "membershipNumber" LIKE ${likePattern(digits)}` : Prisma.empty})`
    : Prisma.empty;
  const after = page.cursor
    ? Prisma.sql`AND ("createdAt", id) < (timestamp 'epoch' + ${page.cursor.createdAtMs}::bigint * interval '1 millisecond', ${page.cursor.id}::int)`
    : Prisma.empty;
  const rows = await db.$queryRaw<AdminCustomerRow[]>`
    SELECT id, name, "membershipNumber", email, phone, "totalPoints", "lifetimeSpentPence", "marketingConsentEmail",
           "marketingConsentSms", "createdAt", "accountStatus"
    FROM customers WHERE "businessId" = ${businessId} ${search} ${after}
    ORDER BY "createdAt" DESC, id DESC LIMIT ${page.limit + 1}`;
  const customers = rows.slice(0, page.limit).map(toAdminCustomerDto);
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return { customers, next: last ? `${last.createdAt.getTime()}-${last.id}` : null };
}

/** Customers of a deleted business are hidden like the business itself. */
const VISIBLE_BUSINESS = { accountStatus: { not: "deleted" } };

type CustomerChange = { emailConsent?: boolean; smsConsent?: boolean; isActive?: boolean };

export async function adminUpdateCustomer(auth: AdminPrincipal, id: number, input: CustomerChange, now = new Date()) {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM customers WHERE id = ${id} FOR UPDATE`;
    const before = locked ? await tx.customer.findFirst({ where: { id, business: VISIBLE_BUSINESS } }) : null;
    if (!before) throw notFound("Customer not found");
    const data: Partial<Customer> = {};
    if (input.emailConsent !== undefined || input.smsConsent !== undefined) {
      if (before.accountStatus === "closed") throw conflict("Closed accounts are read-only");
      if (input.emailConsent !== undefined) data.marketingConsentEmail = input.emailConsent;
      if (input.smsConsent !== undefined) data.marketingConsentSms = input.smsConsent;
      Object.assign(data, { marketingPreferencesLastUpdatedBy: "business", marketingPreferencesLastUpdatedAt: now });
    }
    if (input.isActive !== undefined && input.isActive !== (before.accountStatus === "active")) {
      if (before.accountStatus === "closed") throw conflict("Closed accounts cannot be reactivated");
      Object.assign(data, input.isActive ? { accountStatus: "active", snoozedAt: null } : { accountStatus: "snoozed", snoozedAt: now });
    }
    const after = await tx.customer.update({ where: { id }, data });
    const view = (c: Customer) => ({ emailConsent: c.marketingConsentEmail, smsConsent: c.marketingConsentSms, accountStatus: c.accountStatus });
    await logActivity(
      { businessId: before.businessId, actor: auth.actor, action: "admin_customer_updated", description: `Super admin updated customer ${before.name}`, tableName: "customers", recordId: id, oldValues: view(before), newValues: view(after) },
      tx,
    );
    return { message: "Customer updated", customer: toAdminCustomerDto(after) };
  });
}

/** Permanent: the customer, their card, transactions, ledger and vouchers go (cascade). */
export async function adminDeleteCustomer(auth: AdminPrincipal, id: number) {
  return db.$transaction(async (tx) => {
    const before = await tx.customer.findFirst({ where: { id, business: VISIBLE_BUSINESS } });
    if (!before) throw notFound("Customer not found");
    await tx.customer.delete({ where: { id } });
    await logActivity(
      {
        businessId: before.businessId, actor: auth.actor, action: "admin_customer_deleted", description: `Super admin permanently deleted customer ${before.name}`,
        tableName: "customers", recordId: id, oldValues: { name: before.name, email: before.email, membershipNumber: before.membershipNumber, totalPoints: before.totalPoints },
      },
      tx,
    );
    return { message: "Customer Deleted" };
  });
}

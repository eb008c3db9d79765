import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { generateMembershipNumber } from "@/lib/rules/membership-number";
import { ukDateOf } from "@/lib/rules/vouchers";
import { randomMobile } from "../helpers/factories";

// Voucher tests insert customers straight into the database (the SMS-verified add flow has its own
// tests) so that each test can set consents and account states freely.

export type CustomerOverrides = Partial<{
  name: string;
  marketingConsentEmail: boolean;
  marketingConsentSms: boolean;
  accountStatus: string;
  sleepStatus: string;
  parkedAt: Date | null;
}>;

export async function insertCustomer(businessId: number, overrides: CustomerOverrides = {}) {
  const tag = randomUUID().slice(0, 8);
  const name = overrides.name ?? `Vera Voucher${tag}`;
  const [firstName, ...rest] = name.split(" ");
  const phone = randomMobile().replace(/^0/, "+44");
  return db.customer.create({
    data: {
      businessId,
      name,
      firstName,
      lastName: rest.join(" ") || "Customer",
      email: `vera-${tag}@example.test`,
      phone,
      membershipNumber: generateMembershipNumber(),
      marketingConsentEmail: overrides.marketingConsentEmail ?? true,
      marketingConsentSms: overrides.marketingConsentSms ?? false,
      accountStatus: overrides.accountStatus ?? "active",
      sleepStatus: overrides.sleepStatus ?? "active",
      parkedAt: overrides.parkedAt ?? null,
    },
  });
}

/** The UK calendar day `days` from `from`. */
export const dayFromNow = (days: number, from = new Date()) => ukDateOf(new Date(from.getTime() + days * 86_400_000));

export function voucherPayload(customerIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    title: "Autumn treat",
    description: "10% off any drink",
    promoCode: `AUT${randomUUID().slice(0, 6).toUpperCase()}`,
    discountType: "percentage",
    discountValue: 10,
    minSpend: null,
    expiresAt: dayFromNow(30),
    customerIds,
    sendEmail: true,
    sendSms: false,
    ...overrides,
  };
}

/** Moves a customer's vouchers back in time, so the one-per-week rule lets a new one through. */
export async function ageVouchers(customerId: number, days: number) {
  const rows = await db.voucher.findMany({ where: { customerId } });
  for (const v of rows) await db.voucher.update({ where: { id: v.id }, data: { createdAt: new Date(v.createdAt.getTime() - days * 86_400_000) } });
}

/** Keeps a business's sessions valid far ahead, for tests that move the server clock (x-test-now) by years. */
export async function keepSessionsAlive(businessId: number) {
  await db.session.updateMany({ where: { businessId }, data: { expiresAt: new Date("2100-01-01T00:00:00Z") } });
}

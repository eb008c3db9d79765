import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { generateMembershipNumber } from "@/lib/rules/membership-number";
import { reconcileLedgerForTest } from "./ledger-fixture";

export type CardFixture = {
  name?: string;
  totalPoints?: number;
  lastVisit?: Date | null;
  parkedAt?: Date | null;
  passkitStatus?: string;
  applePassUrl?: string | null;
};

/** A customer with a loyalty card, inserted directly (for card and wallet tests that are not about
 *  adding customers); a balance is backed by a ledger entry. */
export async function addCustomerWithCard(businessId: number, opts: CardFixture = {}) {
  const membershipNumber = generateMembershipNumber();
  const tag = randomUUID().slice(0, 8);
  const name = opts.name ?? `Ada Lovelace ${tag}`;
  const [firstName, ...rest] = name.split(" ");
  const customer = await db.customer.create({
    data: {
      businessId,
      firstName,
      lastName: rest.join(" "),
      name,
      email: `${firstName.toLowerCase()}-${tag}@example.test`,
      phone: `+447700${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`,
      membershipNumber,
      totalPoints: opts.totalPoints ?? 0,
      lastVisit: opts.lastVisit ?? null,
      parkedAt: opts.parkedAt ?? null,
    },
  });
  await reconcileLedgerForTest([customer.id]);
  const card = await db.loyaltyCard.create({
    data: {
      businessId,
      customerId: customer.id,
      membershipNumber,
      cardNumber: `LC-${membershipNumber}`,
      passkitStatus: opts.passkitStatus ?? "fallback",
      applePassUrl: opts.applePassUrl ?? null,
      passUrl: opts.applePassUrl ?? null,
    },
  });
  return { customer, card };
}

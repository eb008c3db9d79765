import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { confirmActorPassword } from "@/lib/auth/confirm-actor-password";
import { changedByLabel } from "@/lib/rates/rate-actor";
import { formatRate, rateChangeBlock, RATE_BLOCK_MESSAGES, rateForDb } from "@/lib/rules/rates";
import type { UpdateCustomerRatesInput } from "@/lib/validation/rates";

// Spec 2 sections 4.1, 4.3 and 5.4: one customer's own rates, password-confirmed on the server.
// The customer row is locked while its state is checked and changed, so a customer snoozed or
// closed at the same instant cannot slip a rate change in; another business's customer is a 404
// like a missing one.

type LockedCustomer = { id: number; name: string; accountStatus: string; sleepStatus: string; ppp: string; rv: string; minimumRedemption: number };

export async function updateCustomerRates(auth: BusinessPrincipal, input: UpdateCustomerRatesInput, now = new Date()) {
  await confirmActorPassword(auth, input.password, now);
  const businessId = auth.businessId;
  const id = input.customerId;
  const changedBy = changedByLabel(auth);
  const newValues = { pointsPerPound: formatRate(input.earningRate), redemptionValue: formatRate(input.redemptionValue), minimumRedemption: input.minimumRedemption };

  const updated = await db.$transaction(async (tx) => {
    const [c] = await tx.$queryRaw<LockedCustomer[]>`
      SELECT id, name, "accountStatus", "sleepStatus", "pointsPerPound"::text AS ppp, "redemptionValue"::text AS rv, "minimumRedemption"
      FROM customers WHERE id = ${id} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
    if (!c) throw notFound("Customer not found");
    const block = rateChangeBlock(c);
    if (block) throw conflict(RATE_BLOCK_MESSAGES[block]);
    const oldValues = { pointsPerPound: formatRate(c.ppp), redemptionValue: formatRate(c.rv), minimumRedemption: c.minimumRedemption };

    await tx.customer.update({
      where: { id },
      data: { pointsPerPound: rateForDb(input.earningRate), redemptionValue: rateForDb(input.redemptionValue), minimumRedemption: input.minimumRedemption },
    });
    await tx.rateChange.create({ data: { businessId, customerId: id, scope: "customer_rates", oldValues, newValues, changedBy, createdAt: now } });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "customer_rates_updated",
        description: `Changed ${c.name}'s rates to ${newValues.pointsPerPound} points per £1, £${newValues.redemptionValue} per 100 points and a minimum redemption of ${newValues.minimumRedemption} points`,
        tableName: "customers",
        recordId: id,
        oldValues,
        newValues,
      },
      tx,
    );
    return tx.customer.findUniqueOrThrow({ where: { id }, include: { card: true } });
  });
  return { message: "Customer rates updated successfully", customer: toCustomerDto(updated) };
}

import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { confirmActorPassword } from "@/lib/auth/confirm-actor-password";
import { changedByLabel } from "@/lib/rates/rate-actor";
import { formatRate, rateForDb } from "@/lib/rules/rates";
import { getBusinessProfile } from "@/lib/business/get-business-profile";
import type { NewCustomerRatesInput } from "@/lib/validation/rates";

// Spec 2 section 5.6: the starting rates copied onto customers created from now on (existing
// customers keep theirs). Password-confirmed on the server; the change and its audit and activity
// rows commit together.

export async function updateNewCustomerRates(auth: BusinessPrincipal, input: NewCustomerRatesInput, now = new Date()) {
  await confirmActorPassword(auth, input.password, now);
  const businessId = auth.businessId;
  const changedBy = changedByLabel(auth);
  const newValues = { newCustomerPointsPerPound: formatRate(input.newCustomerPointsPerPound), newCustomerRedemptionValue: formatRate(input.newCustomerRedemptionValue) };

  await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ ppp: string; rv: string }[]>`
      SELECT "newCustomerPointsPerPound"::text AS ppp, "newCustomerRedemptionValue"::text AS rv FROM businesses WHERE id = ${businessId} FOR UPDATE`;
    if (!locked) throw notFound("Business not found");
    const oldValues = { newCustomerPointsPerPound: formatRate(locked.ppp), newCustomerRedemptionValue: formatRate(locked.rv) };
    await tx.business.update({
      where: { id: businessId },
      data: { newCustomerPointsPerPound: rateForDb(input.newCustomerPointsPerPound), newCustomerRedemptionValue: rateForDb(input.newCustomerRedemptionValue) },
    });
    await tx.rateChange.create({ data: { businessId, scope: "new_customer_rates", oldValues, newValues, reason: input.reason, changedBy, createdAt: now } });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "new_customer_rates_updated",
        description: `Changed the new customer rates to ${newValues.newCustomerPointsPerPound} points per £1 and £${newValues.newCustomerRedemptionValue} per 100 points: ${input.reason}`,
        tableName: "businesses",
        recordId: businessId,
        oldValues,
        newValues,
      },
      tx,
    );
  });
  return { message: "New customer rates updated successfully", profile: await getBusinessProfile(businessId) };
}

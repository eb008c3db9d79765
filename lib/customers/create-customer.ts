import "server-only";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { db } from "@/lib/db";
import { badRequest, conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { checkCode, consumeCode } from "@/lib/verification/codes";
import { assertCanAddCustomer } from "@/lib/customers/customer-usage";
import { assertNoDuplicateCustomer, duplicateCustomerMessage, freeClosedDuplicates } from "@/lib/customers/find-duplicate-customer";
import { completeSetupSteps } from "@/lib/onboarding/complete-setup-steps";
import { generateMembershipNumber } from "@/lib/rules/membership-number";
import { pendingCustomerSchema, splitName, type PendingCustomer } from "@/lib/validation/customers";
import { issueWalletPasses } from "@/lib/wallet/issue-wallet-passes";
import { sendWelcomeEmail } from "@/lib/customers/send-welcome-email";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { emitCustomerCreated } from "@/lib/outgoing-webhooks/emit-webhook-events";
import { claimReferralForNewCustomer } from "@/lib/referrals/claim-referral";

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** verify-and-create: checks the SMS code, then creates the customer and their loyalty card in one
 *  transaction (the code is used up only if the customer is created). The details are the ones
 *  stored with the code when it was sent, not whatever the client sends back. Then, outside the
 *  transaction, issues the wallet passes and sends the welcome email. */
export async function createVerifiedCustomer(
  businessId: number,
  input: { phone: string; verificationCode: string; sendWelcomeEmail: boolean; autoGenerateCard: boolean },
  actor: Actor,
  now = new Date(),
) {
  const checked = await checkCode({ purpose: "customer_signup", businessId, target: input.phone }, input.verificationCode, now);
  const stored = pendingCustomerSchema.safeParse(checked.payload);
  if (!stored.success) throw badRequest("No pending customer data");
  const pending: PendingCustomer = stored.data;
  const confirmationToken = randomBytes(24).toString("base64url");

  let created;
  for (let attempt = 0; ; attempt++) {
    try {
      created = await db.$transaction(async (tx) => {
        // One customer creation at a time per business, so two at once cannot both take the last place.
        await tx.$queryRaw`SELECT id FROM businesses WHERE id = ${businessId} FOR UPDATE`;
        await assertCanAddCustomer(businessId, tx);
        await assertNoDuplicateCustomer(businessId, pending.email, pending.phone, undefined, tx);
        await freeClosedDuplicates(tx, businessId, pending.email, pending.phone, now);
        await consumeCode(tx, checked.id, now);

        const business = await tx.business.findUniqueOrThrow({
          where: { id: businessId },
          select: { newCustomerPointsPerPound: true, newCustomerRedemptionValue: true, minimumRedemption: true },
        });
        const membershipNumber = generateMembershipNumber(secureRandom);
        const { firstName, lastName } = splitName(pending.name);
        const customer = await tx.customer.create({
          data: {
            businessId,
            name: pending.name,
            firstName,
            lastName,
            email: pending.email,
            phone: pending.phone,
            dateOfBirth: pending.dateOfBirth ? new Date(`${pending.dateOfBirth}T00:00:00Z`) : null,
            membershipNumber,
            marketingConsentEmail: pending.marketingConsentEmail,
            marketingConsentSms: pending.marketingConsentSms,
            marketingConsentPhone: pending.marketingConsentPhone,
            marketingPreferencesLastUpdatedBy: "business",
            marketingPreferencesLastUpdatedAt: now,
            pointsPerPound: business.newCustomerPointsPerPound,
            redemptionValue: business.newCustomerRedemptionValue,
            minimumRedemption: business.minimumRedemption,
            phoneVerifiedAt: now,
            confirmationTokenHash: hashToken(confirmationToken),
            createdAt: now,
          },
        });
        // Issue 26: joined with a friend's code: recorded with the customer, or refused (400 naming the
        // referralCode field) and nothing of the customer is kept (the SMS code is not used up either).
        if (pending.referralCode) await claimReferralForNewCustomer(tx, businessId, customer, pending.referralCode, actor, now);
        const card = input.autoGenerateCard
          ? await tx.loyaltyCard.create({
              data: { businessId, customerId: customer.id, membershipNumber, cardNumber: `LC-${membershipNumber}`, passkitStatus: "pending", createdAt: now },
            })
          : null;
        await logActivity(
          {
            businessId,
            actor,
            action: "customer_created",
            description: `Added customer ${customer.name} (${membershipNumber})`,
            tableName: "customers",
            recordId: customer.id,
            newValues: { name: customer.name, email: customer.email, phone: customer.phone, marketingConsentEmail: customer.marketingConsentEmail, marketingConsentSms: customer.marketingConsentSms },
          },
          tx,
        );
        await completeSetupSteps(tx, businessId, card ? ["first_customer", "generate_loyalty_card"] : ["first_customer"], now);
        return { customer, card };
      });
      break;
    } catch (e) {
      const duplicate = duplicateCustomerMessage(e);
      if (duplicate) throw conflict(duplicate);
      // A membership-number collision (1 in a billion) is retried with a new number.
      if ((e as { code?: string }).code === "P2002" && attempt < 3) continue;
      throw e;
    }
  }

  emitCustomerCreated(businessId, created.customer.id); // webhooks (issue 27)
  if (created.card) await issueWalletPasses(created.card.id);
  if (input.sendWelcomeEmail) await sendWelcomeEmail(created.customer.id, confirmationToken);

  const customer = await db.customer.findUniqueOrThrow({ where: { id: created.customer.id }, include: { card: true } });
  return toCustomerDto(customer);
}

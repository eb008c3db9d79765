import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { issueCode } from "@/lib/verification/codes";
import { sendSms } from "@/lib/sms/send-sms";
import { enforceRateLimit } from "@/lib/rate-limit";
import { assertCanAddCustomer } from "@/lib/customers/customer-usage";
import { assertNoDuplicateCustomer } from "@/lib/customers/find-duplicate-customer";
import type { PendingCustomer } from "@/lib/validation/customers";
import { checkReferralForNewCustomer } from "@/lib/referrals/claim-referral";

/** Step 4 of the add-customer flow: checks the customer can be added, keeps their details with a
 *  fresh code, and texts the code to their phone. Used by send- and resend-verification. */
export async function startCustomerVerification(businessId: number, customer: PendingCustomer, now = new Date()) {
  await assertCanAddCustomer(businessId);
  await assertNoDuplicateCustomer(businessId, customer.email, customer.phone);
  // Issue 26: a referral code that would be refused is said now (next to the field), before a text is paid for.
  if (customer.referralCode) await checkReferralForNewCustomer(businessId, customer, customer.referralCode, now);
  // Each text costs money: a business may send at most 60 verification texts an hour.
  await enforceRateLimit(`customer-sms:${businessId}`, { limit: 60, windowSeconds: 3600, message: "Too many verification codes sent in the last hour. Please try again later." }, now);

  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { name: true } });
  const code = await issueCode({ purpose: "customer_signup", businessId, target: customer.phone }, customer as unknown as Prisma.InputJsonValue, now);
  const sms = await sendSms({
    to: customer.phone,
    body: `${code} is your ${business.name} loyalty card verification code. It expires in 10 minutes.`,
    purpose: "verification",
    businessId,
  });
  if (sms.status === "failed") throw badRequest("We could not send a text to this number. Please check it and try again.");
  return { phone: customer.phone, customerData: customer, message: `A 4-digit code has been sent to ${customer.phone}` };
}

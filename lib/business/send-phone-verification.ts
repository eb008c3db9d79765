import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { enforceRateLimit } from "@/lib/rate-limit";
import { issueCode } from "@/lib/verification/codes";
import { sendSms } from "@/lib/sms/send-sms";
import { PRODUCT_NAME } from "@/lib/product";

// Spec 2 section 4.4: a 4-digit code texted to the number the business wants to verify. The code
// (hashed, 10 minutes, 5 tries, resend throttled per number) lives in verification_codes under the
// business and the number, so verify-sms-code knows which number was proven. Texts cost money:
// at most 10 an hour per business, on top of the per-number throttle.

export const BUSINESS_SMS_PER_HOUR = 10;

export async function sendPhoneVerification(businessId: number, phone: string, now = new Date()) {
  await enforceRateLimit(
    `business-phone-sms:${businessId}`,
    { limit: BUSINESS_SMS_PER_HOUR, windowSeconds: 3600, message: "Too many verification codes sent in the last hour. Please try again later." },
    now,
  );
  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { name: true } });
  const code = await issueCode({ purpose: "business_phone", businessId, target: phone }, null, now);
  // Only the newest number can be verified: codes sent earlier to other numbers stop working.
  await db.verificationCode.updateMany({
    where: { purpose: "business_phone", businessId, consumedAt: null, target: { not: phone } },
    data: { consumedAt: now },
  });
  // The code comes first: the simulated outbox reads the first 4-digit number of the text.
  const sms = await sendSms({
    to: phone,
    body: `${code} is your ${PRODUCT_NAME} code to verify the phone number of ${business.name}. It expires in 10 minutes.`,
    purpose: "verification",
    businessId,
  });
  if (sms.status === "failed") throw badRequest("We could not send a text to this number. Please check it and try again.");
  return { message: `A 4-digit verification code has been sent to ${phone}`, phone };
}

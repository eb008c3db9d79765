import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { ApiError, conflict } from "@/lib/errors/api-error";
import { hashPassword } from "@/lib/auth/password";
import { logActivity } from "@/lib/activity/log-activity";
import { assertSignupAllowed } from "@/lib/signup/assert-signup-allowed";
import { EMAIL_TAKEN_MESSAGE } from "@/lib/signup/send-signup-code";
import { checkCode, consumeCode } from "@/lib/verification/codes";
import { normaliseUkPhone } from "@/lib/validation/common";
import { addDays } from "@/lib/clock";
import { REFERRAL_TRIAL_DAYS, STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";
import type { z } from "zod";
import type { signupSchema } from "@/lib/validation/auth";

type SignupData = z.output<typeof signupSchema>;

function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase().slice(0, 8);
}

/** Creates a business and its owner. Refused while signups are paused or without the access code
 *  when PIN protection is on. The phone must be proven with the 4-digit code texted by
 *  POST /api/auth/signup/send-code: the code is used up in the same transaction as the creation
 *  and the number is stored as verified. A valid referral code starts the 28-day max trial. */
export async function createBusiness(input: SignupData, now = new Date()) {
  await assertSignupAllowed(input.accessCode);
  const phone = normaliseUkPhone(input.phone);
  // A wrong code costs one of its 5 tries; nothing is created. Only a verified code learns whether
  // the email is taken (issue 19: no finding out who has an account without a phone and a code).
  const checked = await checkCode({ purpose: "business_signup", businessId: null, target: phone }, input.verificationCode, now);
  const existing = await db.business.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict(EMAIL_TAKEN_MESSAGE);

  const referrer = input.referralCode
    ? await db.business.findUnique({ where: { referralCode: input.referralCode.toUpperCase() }, select: { id: true, accountStatus: true } })
    : null;
  const trial = referrer && referrer.accountStatus === "active";
  const passwordHash = await hashPassword(input.password);

  try {
    return await db.$transaction(async (tx) => {
      await consumeCode(tx, checked.id, now);
      const business = await tx.business.create({
        data: {
          name: input.businessName,
          ownerFirstName: input.ownerFirstName,
          ownerLastName: input.ownerLastName,
          email: input.email,
          phone,
          phoneVerifiedAt: now,
          businessAddress: input.businessAddress,
          passwordHash,
          emailMarketing: input.emailMarketing,
          smsMarketing: input.smsMarketing,
          referralCode: newReferralCode(),
          subscriptionStatus: trial ? "trial" : "pro_starter",
          customerLimit: STARTER_CUSTOMER_LIMIT,
          trialEndsAt: trial ? addDays(now, REFERRAL_TRIAL_DAYS) : null,
          referredByBusinessId: trial ? referrer.id : null,
          createdAt: now,
        },
      });
      if (trial) {
        await tx.referral.create({
          data: { referrerBusinessId: referrer.id, referredBusinessId: business.id, trialStartedAt: now, trialEndsAt: addDays(now, REFERRAL_TRIAL_DAYS) },
        });
      }
      const owner = { type: "owner" as const, id: business.id, name: `${business.ownerFirstName} ${business.ownerLastName}` };
      await logActivity(
        { businessId: business.id, actor: owner, action: "business_signup", description: `Business ${business.name} signed up`, tableName: "businesses", recordId: business.id, newValues: { name: business.name, email: business.email, phone, phoneVerifiedAt: now.toISOString(), subscriptionStatus: business.subscriptionStatus } },
        tx,
      );
      return business;
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string }).code === "P2002") throw conflict(EMAIL_TAKEN_MESSAGE);
    throw e;
  }
}

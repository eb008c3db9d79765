import "server-only";
import { badRequest } from "@/lib/errors/api-error";
import { issueCode } from "@/lib/verification/codes";
import { sendSms } from "@/lib/sms/send-sms";
import { PRODUCT_NAME } from "@/lib/product";
import { assertSignupAllowed } from "@/lib/signup/assert-signup-allowed";

// Spec 3 section 4 "Sign-up": a phone verification dialog follows step 2 and the account is
// created only once the phone is verified. This texts the 4-digit code (hashed, 10 minutes,
// 5 tries, one send per 30 s and 5 an hour per number: lib/verification/codes.ts). Nothing is
// texted for a sign-up that would be refused (paused, wrong access code). Whether the email already
// has an account is only said once the code is verified (lib/business/create-business.ts): issue 19,
// the form must not tell strangers which emails are customers (login does not either).

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";

export async function sendSignupCode(input: { phone: string; email?: string; accessCode?: string }, now = new Date()) {
  await assertSignupAllowed(input.accessCode);
  const code = await issueCode({ purpose: "business_signup", businessId: null, target: input.phone }, null, now);
  // The code comes first: the simulated outbox reads the first 4-digit number of the text.
  const sms = await sendSms({
    to: input.phone,
    body: `${code} is your ${PRODUCT_NAME} code to verify your phone number and finish signing up. It expires in 10 minutes.`,
    purpose: "verification",
  });
  if (sms.status === "failed") throw badRequest("We could not send a text to this number. Please check it and try again.");
  return { message: `A 4-digit verification code has been sent to ${input.phone}`, phone: input.phone };
}

import { z } from "zod";
import { normaliseUkPhone, ukPhone } from "@/lib/validation/common";

// The business's own record: phone verification (spec 2 sections 4.4 and 5.9).

export const PHONE_MESSAGE = "please enter a valid UK phone number";
export const CODE_MESSAGE = "Please enter a 4-digit verification code";

/** POST /api/business/send-sms-verification. businessName is accepted as the spec sends it, but the
 *  text names the business from its own record (a caller cannot put words into our SMS). */
export const sendSmsVerificationSchema = z.object({
  phone: ukPhone(PHONE_MESSAGE).transform(normaliseUkPhone),
  businessName: z.string().max(200).optional().nullable(),
});
export type SendSmsVerificationInput = z.output<typeof sendSmsVerificationSchema>;

/** Exactly 4 digits, digits only (spec 5.9). */
export const phoneCode = z.string({ error: CODE_MESSAGE }).trim().regex(/^\d{4}$/, CODE_MESSAGE);

/** POST /api/business/verify-sms-code. */
export const verifySmsCodeSchema = z.object({ code: phoneCode });

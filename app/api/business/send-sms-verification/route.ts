import { businessRoute } from "@/lib/api/route";
import { sendSmsVerificationSchema } from "@/lib/validation/business";
import { sendPhoneVerification } from "@/lib/business/send-phone-verification";

// POST /api/business/send-sms-verification - text a 4-digit code to the phone number the business wants to verify
export const POST = businessRoute({ body: sendSmsVerificationSchema }, ({ auth, body, now }) => sendPhoneVerification(auth.businessId, body.phone, now));

import { businessRoute } from "@/lib/api/route";
import { verifySmsCodeSchema } from "@/lib/validation/business";
import { verifyPhoneCode } from "@/lib/business/verify-phone-code";

// POST /api/business/verify-sms-code - check the code and store the number it was sent to as the verified business phone
export const POST = businessRoute({ body: verifySmsCodeSchema }, ({ auth, body, now }) => verifyPhoneCode(auth, body.code, now));

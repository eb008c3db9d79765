import { publicRoute } from "@/lib/api/route";
import { signupSendCodeSchema } from "@/lib/validation/auth";
import { sendSignupCode } from "@/lib/signup/send-signup-code";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/signup/send-code - text the 4-digit code that verifies a new owner's phone
export const POST = publicRoute({ body: signupSendCodeSchema }, async ({ req, body, now }) => {
  const rule = { limit: 10, windowSeconds: 3600, message: "Too many verification codes requested from this network. Please try again later." };
  await enforceRateLimit(`signup-code:ip:${clientIp(req)}`, rule, now);
  return sendSignupCode(body, now);
});

import { publicRoute } from "@/lib/api/route";
import { verifyAccessCodeSchema } from "@/lib/validation/auth";
import { verifyAccessCode } from "@/lib/signup/verify-access-code";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/verify-access-code - the sign-up access-code gate (PIN protection): { valid: true } or 403
export const POST = publicRoute({ body: verifyAccessCodeSchema }, async ({ req, body, now }) => {
  const rule = { limit: 10, windowSeconds: 15 * 60, message: "Too many access code attempts. Please wait 15 minutes and try again." };
  await enforceRateLimit(`access-code:ip:${clientIp(req)}`, rule, now);
  return verifyAccessCode(body.accessCode);
});

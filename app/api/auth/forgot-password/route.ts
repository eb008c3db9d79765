import { publicRoute } from "@/lib/api/route";
import { forgotPasswordSchema } from "@/lib/validation/auth";
import { startPasswordReset } from "@/lib/auth/forgot-password";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/forgot-password - find the account(s) on a phone number; text a reset code to one
export const POST = publicRoute({ body: forgotPasswordSchema }, async ({ req, body, now }) => {
  await enforceRateLimit(
    `forgot-password:ip:${clientIp(req)}`,
    { limit: 10, windowSeconds: 15 * 60, message: "Too many password reset requests. Please wait 15 minutes and try again." },
    now,
  );
  await enforceRateLimit(
    `forgot-password:phone:${body.phone}`,
    { limit: 6, windowSeconds: 3600, message: "Too many password reset requests for this phone number. Please try again in an hour." },
    now,
  );
  return startPasswordReset(body, now);
});

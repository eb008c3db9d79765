import { publicRoute } from "@/lib/api/route";
import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPasswordWithCode } from "@/lib/auth/reset-password";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/reset-password - set a new password with the forgot-password token and the texted code
export const POST = publicRoute({ body: resetPasswordSchema }, async ({ req, body, now }) => {
  const rule = { limit: 10, windowSeconds: 15 * 60, message: "Too many password reset attempts. Please wait 15 minutes and try again." };
  await enforceRateLimit(`reset-password:ip:${clientIp(req)}`, rule, now);
  return resetPasswordWithCode(body, now);
});

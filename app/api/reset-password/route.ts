import { publicRoute } from "@/lib/api/route";
import { linkResetPasswordSchema } from "@/lib/validation/auth";
import { resetPasswordWithLink } from "@/lib/auth/reset-password";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/reset-password - set a new password with a reset link issued by a super admin
export const POST = publicRoute({ body: linkResetPasswordSchema }, async ({ req, body, now }) => {
  const rule = { limit: 10, windowSeconds: 15 * 60, message: "Too many password reset attempts. Please wait 15 minutes and try again." };
  await enforceRateLimit(`reset-link:ip:${clientIp(req)}`, rule, now);
  return resetPasswordWithLink(body, now);
});

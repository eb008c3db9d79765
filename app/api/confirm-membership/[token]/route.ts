import { z } from "zod";
import { notFound } from "@/lib/errors/api-error";
import { publicRoute } from "@/lib/api/route";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { confirmMembership, INVALID_CONFIRMATION_LINK } from "@/lib/portal/confirm-membership";

const params = z.object({ token: z.string().trim().min(1, INVALID_CONFIRMATION_LINK).max(200, INVALID_CONFIRMATION_LINK) });

// GET /api/confirm-membership/{token} - confirm a customer's membership from the welcome email link (single use)
export const GET = publicRoute({}, async ({ req, params: raw, now }) => {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw notFound(INVALID_CONFIRMATION_LINK);
  await enforceRateLimit(`confirm-membership:${clientIp(req)}`, { limit: 30, windowSeconds: 15 * 60 }, now);
  return confirmMembership(parsed.data.token, now);
});

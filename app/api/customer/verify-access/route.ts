import { json, publicRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/rate-limit";
import { verifyAccess } from "@/lib/portal/verify-access";
import { verifyAccessSchema } from "@/lib/validation/portal";

// POST /api/customer/verify-access - prove control of an email ({email} sends a 6-digit code, {email, code} or {token} opens the portal)
export const POST = publicRoute({ body: verifyAccessSchema }, async ({ req, auth, body, now }) => {
  const { body: answer, setCookie } = await verifyAccess(body, { ip: clientIp(req), auth, now });
  return json(answer, 200, setCookie ? { "Set-Cookie": setCookie } : undefined);
});

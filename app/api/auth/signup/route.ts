import { publicRoute, json } from "@/lib/api/route";
import { signupSchema } from "@/lib/validation/auth";
import { createBusiness } from "@/lib/business/create-business";
import { createSession, sessionCookieHeader } from "@/lib/auth/session";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/signup - create a business and its owner once the texted code proves the phone; sign the owner in
export const POST = publicRoute({ body: signupSchema }, async ({ req, body, now }) => {
  await enforceRateLimit(`signup:ip:${clientIp(req)}`, { limit: 10, windowSeconds: 3600, message: "Too many sign-ups from this network. Please try again later." }, now);
  const business = await createBusiness(body, now);
  const session = await createSession({ kind: "business", businessId: business.id }, now);
  return json(
    { user: { id: business.id, email: business.email, businessName: business.name, isFounderMember: false, adminMode: false }, message: "Account created" },
    201,
    { "Set-Cookie": sessionCookieHeader(session.cookieValue) },
  );
});

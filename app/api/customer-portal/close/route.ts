import { json, portalRoute } from "@/lib/api/route";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";
import { accountActionSchema } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { changePortalAccountStatus } from "@/lib/portal/change-portal-account-status";

// PATCH /api/customer-portal/close - close one of the verified customer's accounts permanently; ends the portal session
export const PATCH = portalRoute({ body: accountActionSchema }, async ({ auth, body, now }) => {
  const account = await changePortalAccountStatus(portalScope(auth, body.email), body.customerId, "close", now);
  await revokeSession(auth.sessionId);
  return json({ message: "Account closed", account }, 200, { "Set-Cookie": clearSessionCookieHeader() });
});

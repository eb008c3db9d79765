import { json, portalRoute } from "@/lib/api/route";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";
import { accountActionSchema } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { changePortalAccountStatus } from "@/lib/portal/change-portal-account-status";

// PATCH /api/customer-portal/snooze - snooze one of the verified customer's accounts (until their next transaction); ends the portal session
export const PATCH = portalRoute({ body: accountActionSchema }, async ({ auth, body, now }) => {
  const account = await changePortalAccountStatus(portalScope(auth, body.email), body.customerId, "snooze", now);
  await revokeSession(auth.sessionId);
  return json({ message: "Account snoozed", account }, 200, { "Set-Cookie": clearSessionCookieHeader() });
});

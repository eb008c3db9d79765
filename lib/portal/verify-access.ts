import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import type { Principal } from "@/lib/auth/principal";
import { enforceRateLimit } from "@/lib/rate-limit";
import { consumePortalLink } from "@/lib/portal-access/portal-links";
import { checkPortalCode, consumePortalCode } from "@/lib/portal/email-codes";
import { getPortalView } from "@/lib/portal/get-portal-view";
import type { PortalScope } from "@/lib/portal-access/portal-scope";
import { openPortalSession } from "@/lib/portal/open-portal-session";
import { requestAccessCode } from "@/lib/portal/request-access-code";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import type { verifyAccessSchema } from "@/lib/validation/portal";
import type { z } from "zod";

export const LINK_INVALID = "This link has expired or is not valid. Enter your email address and we will send you a code.";
export const ACCESS_GRANTED = "Access granted";
export const NO_PORTAL_ACCOUNT = "We could not find a loyalty account with a welcome email for this address. Please check with the business that added you.";

// Code and link checks per client address (each code also dies after 5 wrong tries).
const CHECK_RULE = { limit: 20, windowSeconds: 15 * 60, message: "Too many attempts. Please wait 15 minutes and try again." };

type Input = z.output<typeof verifyAccessSchema>;
type Result = { body: VerifyAccessResponse; setCookie?: string };

/** POST /api/customer/verify-access. Three ways in:
 *  - {token}: a link from one of our emails (single use) opens that one customer record;
 *  - {email, code}: the 6-digit code emailed on request proves it;
 *  - {email}: emails a code (same answer for any address), or, when this browser already proved
 *    that address, answers at once.
 *  Once proven, a portal session is opened and the portal view is returned. */
export async function verifyAccess(input: Input, ctx: { ip: string; auth: Principal | null; now: Date }): Promise<Result> {
  const { ip, auth, now } = ctx;
  const previous = auth?.sessionId ?? null;

  if (input.token) {
    await enforceRateLimit(`portal-check:${ip}`, CHECK_RULE, now);
    const link = await consumePortalLink(input.token, { email: input.email, purpose: input.purpose }, now);
    if (!link) throw badRequest(LINK_INVALID);
    const scope = { email: link.email, onlyCustomerId: link.customerId };
    return proven(scope, await openPortalSession(link.email, previous, now, link.customerId), now);
  }

  const email = input.email as string; // the schema requires email or token
  if (!input.code) {
    if (auth?.kind === "customer" && auth.customerEmail === email) return proven({ email, onlyCustomerId: auth.customerId }, undefined, now);
    const message = await requestAccessCode(email, ip, now);
    return { body: { success: false, verified: false, codeSent: true, message, customer: null } };
  }

  await enforceRateLimit(`portal-check:${ip}`, CHECK_RULE, now);
  const codeId = await checkPortalCode(email, input.code, now);
  await db.$transaction((tx) => consumePortalCode(tx, codeId, now));
  return proven({ email }, await openPortalSession(email, previous, now), now);
}

async function proven(scope: PortalScope, setCookie: string | undefined, now: Date): Promise<Result> {
  const { email } = scope;
  const { customer, accounts } = await getPortalView(scope, undefined, now);
  const body: VerifyAccessResponse = customer
    ? { success: true, verified: true, email, message: ACCESS_GRANTED, customer, accounts }
    : { success: false, verified: true, email, message: NO_PORTAL_ACCOUNT, customer: null, accounts };
  return { body, setCookie };
}

import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { appUrl } from "@/lib/env";
import { ACCESS_LINK_TTL_DAYS } from "@/lib/validation/portal";
import { portalCustomerWhere } from "@/lib/portal-access/portal-scope";

// Portal links in our own emails to a customer (the welcome email's "View my loyalty account" and
// "manage my preferences"). Issue 19: a link used to be an HMAC of the address alone, valid 30 days
// for every account of that address, so a business that added someone else's customer could open
// (and close) the other business's account with the link from its own outbox. Now a link is:
//  - bound to one customer record and one purpose (portal | preferences), stored as a SHA-256 hash
//    of a 256-bit random token (the token itself exists only in the email);
//  - single use: it opens one portal session, scoped to that customer record only;
//  - short-lived (ACCESS_LINK_TTL_DAYS) and revoked when the account is closed (and useless once
//    the record is closed or archived: the customer must still be open to be opened).
// A customer who used the link already signs in again with the emailed 6-digit code.

export type PortalLinkPurpose = "portal" | "preferences";
const PATHS: Record<PortalLinkPurpose, string> = { portal: "/customer-portal", preferences: "/customer-preferences" };

const hashToken = (token: string) => createHash("sha256").update(`portal-link:${token}`).digest("hex");

/** Issues a link for one customer record and purpose; returns the absolute URL for the email. */
export async function createPortalLink(customerId: number, purpose: PortalLinkPurpose, now = new Date(), tx: Tx = db): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.portalLink.create({
    data: { tokenHash: hashToken(token), customerId, purpose, expiresAt: new Date(now.getTime() + ACCESS_LINK_TTL_DAYS * 86_400_000) },
  });
  return `${appUrl()}${PATHS[purpose]}?access=${encodeURIComponent(token)}`;
}

/** Uses a link up (once, even under concurrent requests). Returns the customer it opens, or null
 *  when the token is unknown, used, revoked, expired, for another page or address, or the account
 *  is no longer open. A refused link is not used up. */
export async function consumePortalLink(
  token: string,
  expect: { email?: string; purpose?: PortalLinkPurpose },
  now = new Date(),
): Promise<{ customerId: number; email: string; purpose: PortalLinkPurpose } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const link = await db.portalLink.findUnique({ where: { tokenHash: hashToken(token) }, include: { customer: { select: { email: true } } } });
  if (!link || link.usedAt || link.revokedAt || link.expiresAt <= now) return null;
  if ((expect.email && expect.email !== link.customer.email) || (expect.purpose && expect.purpose !== link.purpose)) return null;
  const open = await db.customer.findFirst({ where: { id: link.customerId, ...portalCustomerWhere({ email: link.customer.email }) }, select: { id: true } });
  if (!open) return null;
  const used = await db.portalLink.updateMany({ where: { id: link.id, usedAt: null, revokedAt: null }, data: { usedAt: now } });
  if (used.count !== 1) return null;
  return { customerId: link.customerId, email: link.customer.email, purpose: link.purpose as PortalLinkPurpose };
}

/** Closure (by the customer or the business) and permanent removal end every link and every portal
 *  session scoped to the record. */
export async function revokePortalAccess(customerId: number, now = new Date(), tx: Tx = db): Promise<void> {
  await tx.portalLink.updateMany({ where: { customerId, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
  await tx.session.updateMany({ where: { kind: "customer", customerId, revokedAt: null }, data: { revokedAt: now } });
}

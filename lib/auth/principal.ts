import "server-only";
import { db } from "@/lib/db";
import { readSessionToken } from "@/lib/auth/session";

// Who is calling: resolved from the session cookie and the Session row, once per request.

export type ActorType = "owner" | "staff" | "admin" | "system" | "customer";
export type Actor = { type: ActorType; id: number | null; name: string };

export const SYSTEM_ACTOR: Actor = { type: "system", id: null, name: "system" };

export type BusinessSummary = {
  id: number;
  name: string;
  email: string;
  ownerFirstName: string;
  ownerLastName: string;
  accountStatus: string;
  subscriptionStatus: string;
  isFounderMember: boolean;
};

/** The owner of a business, or a super admin acting as that business ("login as"). */
export type BusinessPrincipal = {
  kind: "business";
  sessionId: string;
  businessId: number;
  business: BusinessSummary;
  adminMode: boolean;
  actor: Actor;
};
export type StaffPrincipal = { kind: "staff"; sessionId: string; businessId: number; staffUserId: number; actor: Actor };
export type AdminPrincipal = { kind: "admin"; sessionId: string; adminId: number; actingBusinessId: number | null; actor: Actor };
export type CustomerPrincipal = { kind: "customer"; sessionId: string; customerEmail: string; actor: Actor };
export type Principal = BusinessPrincipal | StaffPrincipal | AdminPrincipal | CustomerPrincipal;

const businessSelect = {
  id: true,
  name: true,
  email: true,
  ownerFirstName: true,
  ownerLastName: true,
  accountStatus: true,
  subscriptionStatus: true,
  isFounderMember: true,
} as const;

/** Accounts in these states cannot use the workspace; their sessions stop working at once. */
export const BLOCKED_ACCOUNT_STATUSES = new Set(["suspended", "closed", "deleted"]);

export async function resolvePrincipal(cookieValue: string | undefined, now = new Date()): Promise<Principal | null> {
  const token = await readSessionToken(cookieValue);
  if (!token) return null;
  const session = await db.session.findUnique({
    where: { id: token.sid },
    include: {
      business: { select: businessSelect },
      staffUser: { select: { id: true, username: true, businessId: true, business: { select: { accountStatus: true } } } },
      superAdmin: { select: { id: true, name: true, email: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= now) return null;

  switch (session.kind) {
    case "business": {
      const b = session.business;
      if (!b || BLOCKED_ACCOUNT_STATUSES.has(b.accountStatus)) return null;
      const name = `${b.ownerFirstName} ${b.ownerLastName}`.trim();
      return { kind: "business", sessionId: session.id, businessId: b.id, business: b, adminMode: false, actor: { type: "owner", id: b.id, name } };
    }
    case "staff": {
      const s = session.staffUser;
      if (!s || BLOCKED_ACCOUNT_STATUSES.has(s.business.accountStatus)) return null;
      return { kind: "staff", sessionId: session.id, businessId: s.businessId, staffUserId: s.id, actor: { type: "staff", id: s.id, name: s.username } };
    }
    case "admin": {
      const a = session.superAdmin;
      if (!a) return null;
      return { kind: "admin", sessionId: session.id, adminId: a.id, actingBusinessId: session.actingBusinessId, actor: { type: "admin", id: a.id, name: a.name || a.email } };
    }
    case "customer": {
      if (!session.customerEmail) return null;
      return { kind: "customer", sessionId: session.id, customerEmail: session.customerEmail, actor: { type: "customer", id: null, name: session.customerEmail } };
    }
    default:
      return null;
  }
}

/** The business workspace a principal may act in: its own, or the one an admin is acting as. */
export async function asBusinessPrincipal(p: Principal | null): Promise<BusinessPrincipal | null> {
  if (!p) return null;
  if (p.kind === "business") return p;
  if (p.kind === "admin" && p.actingBusinessId) {
    const b = await db.business.findUnique({ where: { id: p.actingBusinessId }, select: businessSelect });
    if (!b || b.accountStatus === "deleted") return null;
    return { kind: "business", sessionId: p.sessionId, businessId: b.id, business: b, adminMode: true, actor: p.actor };
  }
  return null;
}

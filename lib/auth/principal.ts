import "server-only";
import { db } from "@/lib/db";
import { readSessionToken } from "@/lib/auth/session";
import type { Actor } from "@/lib/activity/actor";

// Who is calling: resolved from the session cookie and the Session row, once per request.

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
  /** The platform's maintenance flag, read with the session. */
  maintenance: boolean;
};
export type StaffPrincipal = { kind: "staff"; sessionId: string; businessId: number; staffUserId: number; actor: Actor; maintenance: boolean };
export type AdminPrincipal = { kind: "admin"; sessionId: string; adminId: number; actingBusinessId: number | null; acting: BusinessSummary | null; actor: Actor; maintenance: boolean };
/** customerId: set when the session was opened by an emailed link, which opens that one record only. */
export type CustomerPrincipal = { kind: "customer"; sessionId: string; customerEmail: string; customerId: number | null; actor: Actor; maintenance: boolean };
export type Principal = BusinessPrincipal | StaffPrincipal | AdminPrincipal | CustomerPrincipal;

/** Accounts in these states cannot use the workspace; their sessions stop working at once. */
export const BLOCKED_ACCOUNT_STATUSES = new Set(["suspended", "closed", "deleted"]);

type SessionRow = {
  id: string; kind: string; expiresAt: Date; lastSeenAt: Date; revokedAt: Date | null; customerEmail: string | null; customerId: number | null; actingBusinessId: number | null;
  b_id: number | null; b_name: string | null; b_email: string | null; b_first: string | null; b_last: string | null; b_status: string | null; b_sub: string | null; b_founder: boolean | null;
  ab_id: number | null; ab_name: string | null; ab_email: string | null; ab_first: string | null; ab_last: string | null; ab_status: string | null; ab_sub: string | null; ab_founder: boolean | null;
  st_id: number | null; st_username: string | null; st_business: number | null; st_business_status: string | null;
  a_id: number | null; a_name: string | null; a_email: string | null;
  maintenance: boolean | null;
};

// Every authenticated request starts here, so it is one round trip: the session, whoever it
// belongs to, the business an admin is acting as, and the maintenance flag.
async function loadSession(sid: string): Promise<SessionRow | null> {
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s.id, s.kind, s."expiresAt", s."lastSeenAt", s."revokedAt", s."customerEmail", s."customerId", s."actingBusinessId",
      b.id AS b_id, b.name AS b_name, b.email AS b_email, b."ownerFirstName" AS b_first, b."ownerLastName" AS b_last,
      b."accountStatus" AS b_status, b."subscriptionStatus" AS b_sub, b."isFounderMember" AS b_founder,
      ab.id AS ab_id, ab.name AS ab_name, ab.email AS ab_email, ab."ownerFirstName" AS ab_first, ab."ownerLastName" AS ab_last,
      ab."accountStatus" AS ab_status, ab."subscriptionStatus" AS ab_sub, ab."isFounderMember" AS ab_founder,
      st.id AS st_id, st.username AS st_username, st."businessId" AS st_business, stb."accountStatus" AS st_business_status,
      a.id AS a_id, a.name AS a_name, a.email AS a_email,
      ss."maintenanceMode" AS maintenance
    FROM sessions s
    LEFT JOIN businesses b ON b.id = s."businessId" AND s.kind = 'business'
    LEFT JOIN businesses ab ON ab.id = s."actingBusinessId" AND s.kind = 'admin'
    LEFT JOIN staff_users st ON st.id = s."staffUserId" AND s.kind = 'staff'
    LEFT JOIN businesses stb ON stb.id = st."businessId"
    LEFT JOIN super_admins a ON a.id = s."superAdminId" AND s.kind = 'admin'
    LEFT JOIN system_settings ss ON ss.id = 1
    WHERE s.id = ${sid}`;
  return rows[0] ?? null;
}

function summary(r: SessionRow, prefix: "b" | "ab"): BusinessSummary | null {
  const id = r[`${prefix}_id`];
  if (id === null) return null;
  return {
    id,
    name: r[`${prefix}_name`] ?? "",
    email: r[`${prefix}_email`] ?? "",
    ownerFirstName: r[`${prefix}_first`] ?? "",
    ownerLastName: r[`${prefix}_last`] ?? "",
    accountStatus: r[`${prefix}_status`] ?? "active",
    subscriptionStatus: r[`${prefix}_sub`] ?? "pro_starter",
    isFounderMember: r[`${prefix}_founder`] === true,
  };
}

// Issue 19, item 11: the server ends idle sessions too (sliding expiry), not only the open tab.
// Business users (and the super admin): the spec's 5 minutes of inactivity plus its 2-minute
// warning, and 1 minute for the last request to land; a signed-in page polls every 30 s (banner,
// admin messages, chat), so an open tab never idles out here before its own dialog signs it out.
// Staff at a till: a working shift (no timeout in the spec). Portal sessions are short anyway
// (PORTAL_SESSION_MINUTES, absolute). Measured on the wall clock, not the x-test-now test clock.
// lastSeenAt is written at most once a minute per session.
export const IDLE_TIMEOUT_SECONDS: Record<string, number> = { business: 8 * 60, admin: 8 * 60, staff: 8 * 3600 };
const TOUCH_EVERY_MS = 60_000;

async function touchOrExpire(r: SessionRow): Promise<boolean> {
  const idle = IDLE_TIMEOUT_SECONDS[r.kind];
  if (!idle) return true;
  const wall = Date.now();
  const since = wall - new Date(r.lastSeenAt).getTime();
  if (since >= idle * 1000) return false;
  if (since >= TOUCH_EVERY_MS) await db.session.updateMany({ where: { id: r.id }, data: { lastSeenAt: new Date(wall) } });
  return true;
}

export async function resolvePrincipal(cookieValue: string | undefined, now = new Date()): Promise<Principal | null> {
  const token = await readSessionToken(cookieValue);
  if (!token) return null;
  const r = await loadSession(token.sid);
  if (!r || r.revokedAt || new Date(r.expiresAt) <= now) return null;
  if (!(await touchOrExpire(r))) return null;
  const maintenance = r.maintenance === true;

  switch (r.kind) {
    case "business": {
      const b = summary(r, "b");
      if (!b || BLOCKED_ACCOUNT_STATUSES.has(b.accountStatus)) return null;
      const name = `${b.ownerFirstName} ${b.ownerLastName}`.trim();
      return { kind: "business", sessionId: r.id, businessId: b.id, business: b, adminMode: false, actor: { type: "owner", id: b.id, name }, maintenance };
    }
    case "staff": {
      if (r.st_id === null || r.st_business === null || BLOCKED_ACCOUNT_STATUSES.has(r.st_business_status ?? "")) return null;
      return { kind: "staff", sessionId: r.id, businessId: r.st_business, staffUserId: r.st_id, actor: { type: "staff", id: r.st_id, name: r.st_username ?? "staff" }, maintenance };
    }
    case "admin": {
      if (r.a_id === null) return null;
      const acting = summary(r, "ab");
      return {
        kind: "admin",
        sessionId: r.id,
        adminId: r.a_id,
        actingBusinessId: r.actingBusinessId,
        acting: acting && acting.accountStatus !== "deleted" ? acting : null,
        actor: { type: "admin", id: r.a_id, name: r.a_name || r.a_email || "super admin" },
        maintenance,
      };
    }
    case "customer": {
      if (!r.customerEmail) return null;
      return { kind: "customer", sessionId: r.id, customerEmail: r.customerEmail, customerId: r.customerId, actor: { type: "customer", id: null, name: r.customerEmail }, maintenance };
    }
    default:
      return null;
  }
}

/** The business workspace a principal may act in: its own, or the one an admin is acting as. */
export async function asBusinessPrincipal(p: Principal | null): Promise<BusinessPrincipal | null> {
  if (!p) return null;
  if (p.kind === "business") return p;
  if (p.kind === "admin" && p.acting) {
    return { kind: "business", sessionId: p.sessionId, businessId: p.acting.id, business: p.acting, adminMode: true, actor: { ...p.actor, actingAsBusiness: true }, maintenance: p.maintenance };
  }
  return null;
}

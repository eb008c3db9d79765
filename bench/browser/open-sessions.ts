// Signed-in browsers for the bench: a Session row plus next-auth's JWT cookie carrying its id, as
// lib/auth/session.ts createSession makes them (business owner) and lib/portal/open-portal-session.ts
// (customer portal, kind "customer"). The cookie goes in a Cookie header under both the plain and
// the __Secure- name, so it is read whichever name the server expects (that depends on NEXTAUTH_URL).
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { Client } from "pg";

export type BenchSessions = { businessCookie: string; portalCookie: string; portalEmail: string };
/** A super admin's and a staff login's browsers too (the first-load JS measured in Chromium opens every page). */
export type AllBenchSessions = BenchSessions & { adminCookie: string; staffCookie: string };

type SessionRow = { kind: "business" | "customer" | "admin" | "staff"; businessId?: number; customerEmail?: string; superAdminId?: number; staffUserId?: number };

async function sessionCookie(pg: Client, secret: string, row: SessionRow): Promise<string> {
  const sid = randomBytes(24).toString("base64url");
  await pg.query(
    `INSERT INTO sessions (id, kind, "businessId", "customerEmail", "superAdminId", "staffUserId", "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, now() + interval '1 day')`,
    [sid, row.kind, row.businessId ?? null, row.customerEmail ?? null, row.superAdminId ?? null, row.staffUserId ?? null],
  );
  const jwt = await encode({ token: { sid, kind: row.kind, sub: sid }, secret, maxAge: 86400 });
  return `next-auth.session-token=${jwt}; __Secure-next-auth.session-token=${jwt}`;
}

export async function openBenchSessions(databaseUrl: string, secret: string, businessId: number): Promise<BenchSessions> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const businessCookie = await sessionCookie(pg, secret, { kind: "business", businessId });
    // The portal shows accounts that were sent a welcome email: use one of the large business's
    // active customers and mark it welcomed when the seed did not.
    const customer = (
      await pg.query<{ id: number; email: string }>(
        `SELECT id, email FROM customers WHERE "businessId" = $1 AND "accountStatus" = 'active' AND "parkedAt" IS NULL
         ORDER BY ("welcomeEmailSentAt" IS NULL), "lastVisit" DESC NULLS LAST, id LIMIT 1`,
        [businessId],
      )
    ).rows[0];
    if (!customer) throw new Error(`business ${businessId} has no active customer for the portal`);
    await pg.query(`UPDATE customers SET "welcomeEmailSentAt" = coalesce("welcomeEmailSentAt", now()) WHERE id = $1`, [customer.id]);
    const portalCookie = await sessionCookie(pg, secret, { kind: "customer", customerEmail: customer.email });
    return { businessCookie, portalCookie, portalEmail: customer.email };
  } finally {
    await pg.end();
  }
}

/** openBenchSessions plus a super admin and a staff login of the business (made here when missing;
 *  their password hashes are not valid bcrypt: nobody signs in with them, the session is the bench's). */
export async function openAllBenchSessions(databaseUrl: string, secret: string, businessId: number): Promise<AllBenchSessions> {
  const base = await openBenchSessions(databaseUrl, secret, businessId);
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const admin = await pg.query<{ id: number }>(
      `INSERT INTO super_admins (email, name, "passwordHash") VALUES ('bench-admin@bench.example', 'Bench admin', 'x')
       ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    );
    const staff = await pg.query<{ id: number }>(
      `INSERT INTO staff_users ("businessId", username, "passwordHash", "updatedAt") VALUES ($1, 'bench-staff', 'x', now())
       ON CONFLICT ("businessId", username) DO UPDATE SET "updatedAt" = now() RETURNING id`,
      [businessId],
    );
    const adminCookie = await sessionCookie(pg, secret, { kind: "admin", superAdminId: admin.rows[0].id });
    const staffCookie = await sessionCookie(pg, secret, { kind: "staff", businessId, staffUserId: staff.rows[0].id });
    return { ...base, adminCookie, staffCookie };
  } finally {
    await pg.end();
  }
}

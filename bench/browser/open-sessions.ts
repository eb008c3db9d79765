// Signed-in browsers for the bench: a Session row plus next-auth's JWT cookie carrying its id, as
// lib/auth/session.ts createSession makes them (business owner) and lib/portal/open-portal-session.ts
// (customer portal, kind "customer"). The cookie goes in a Cookie header under both the plain and
// the __Secure- name, so it is read whichever name the server expects (that depends on NEXTAUTH_URL).
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { Client } from "pg";

export type BenchSessions = { businessCookie: string; portalCookie: string; portalEmail: string };

async function sessionCookie(pg: Client, secret: string, row: { kind: "business" | "customer"; businessId?: number; customerEmail?: string }): Promise<string> {
  const sid = randomBytes(24).toString("base64url");
  await pg.query(`INSERT INTO sessions (id, kind, "businessId", "customerEmail", "expiresAt") VALUES ($1, $2, $3, $4, now() + interval '1 day')`, [
    sid,
    row.kind,
    row.businessId ?? null,
    row.customerEmail ?? null,
  ]);
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

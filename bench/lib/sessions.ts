// Signed-in cookies for bench users: a sessions row written over a direct connection and the
// next-auth cookie that carries its id (what the app's login issues).
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import type { Client } from "pg";

export async function businessCookie(pg: Client, businessId: number, secret: string): Promise<string> {
  const sid = randomBytes(24).toString("base64url");
  await pg.query(`INSERT INTO sessions (id, kind, "businessId", "expiresAt") VALUES ($1, 'business', $2, now() + interval '1 day')`, [sid, businessId]);
  return `next-auth.session-token=${await encode({ token: { sid, kind: "business", sub: sid }, secret, maxAge: 86400 })}`;
}

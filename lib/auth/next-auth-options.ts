import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/env";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/cookies";
import { loginSchema } from "@/lib/validation/auth";
import { loginBusiness } from "@/lib/auth/login-business";
import { createSession, revokeSession } from "@/lib/auth/session";

// next-auth is the session mechanism: its JWT cookie carries { sid, kind }, and the Session row
// behind `sid` is checked on every request (lib/auth/principal.ts). Our own JSON routes
// (/api/auth/login, /api/admin/login, /api/staff/login) issue the same cookie with next-auth's
// `encode`; this provider lets next-auth's own /api/auth/callback/credentials sign owners in too.
/** Built per request so a production build does not need the secret at build time. */
export const authOptions = (): NextAuthOptions => ({
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/auth", error: "/auth" },
  providers: [
    CredentialsProvider({
      id: "business",
      name: "Business owner",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const parsed = loginSchema.safeParse(credentials ?? {});
        if (!parsed.success) return null;
        try {
          const { business, session } = await loginBusiness(parsed.data.email, parsed.data.password);
          // next-auth mints its own cookie here; keep only its session id.
          await revokeSession(session.id);
          const fresh = await createSession({ kind: "business", businessId: business.id });
          return { id: fresh.id, email: business.email, name: business.name };
        } catch {
          return null;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sid = user.id;
        token.kind = "business";
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, sid: token.sid, kind: token.kind };
    },
  },
  events: {
    async signOut({ token }) {
      if (token && typeof token.sid === "string") await revokeSession(token.sid);
    },
  },
});

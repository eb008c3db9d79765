import "server-only";
import type { NextAuthOptions } from "next-auth";
import { authSecret } from "@/lib/env";
import { SESSION_MAX_AGE_SECONDS, secureCookies } from "@/lib/auth/cookies";
import { revokeSession } from "@/lib/auth/session";

// next-auth is the session mechanism: its JWT cookie carries { sid, kind }, and the Session row
// behind `sid` is checked on every request (lib/auth/principal.ts). Our own JSON routes
// (/api/auth/login, /api/admin/login, /api/staff/login) issue the same cookie with next-auth's
// `encode`.
/** Built per request so a production build does not need the secret at build time. */
export const authOptions = (): NextAuthOptions => ({
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/auth", error: "/auth" },
  // Sign-in happens only through our own JSON routes (rate-limited, audited); next-auth's own
  // sign-in and callback endpoints are closed by middleware.ts, so no provider is registered.
  providers: [],
  useSecureCookies: secureCookies(),
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

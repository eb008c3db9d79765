// For benches that call the app's route handlers in process (no HTTP server, no Next.js overhead):
// point the app at the bench's database before any of its modules load, and sign a business owner
// in the way the app's login does.
import { allowServerOnlyImports } from "../../scripts/lib/allow-server-only";

export type RouteHandler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The app reads its configuration when first imported: call this before importing any of it. */
export function pointAppAt(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.NEXTAUTH_SECRET ??= "bench-only-nextauth-secret-0123456789abcdef";
  allowServerOnlyImports();
}

/** The cookie of a new business-owner session (lib/auth/session.ts makes it, as on sign-in). */
export async function businessSessionCookie(businessId: number): Promise<string> {
  const { createSession } = await import("../../lib/auth/session");
  const { sessionCookieName } = await import("../../lib/auth/cookies");
  const session = await createSession({ kind: "business", businessId });
  return `${sessionCookieName()}=${session.cookieValue}`;
}

/** Times one call of the trivial authenticated endpoint (GET /api/auth/user: the session only), the
 *  app's fixed cost per request, measured next to each bench's own requests. After pointAppAt. */
export async function trivialTimer(cookie: string): Promise<() => Promise<number>> {
  const { NextRequest } = await import("next/server");
  const route = (await import("../../app/api/auth/user/route")) as { GET: RouteHandler };
  return async () => {
    const t = performance.now();
    const res = await route.GET(new NextRequest("http://localhost/api/auth/user", { headers: { cookie } }), { params: Promise.resolve({}) });
    await res.text();
    return performance.now() - t;
  };
}

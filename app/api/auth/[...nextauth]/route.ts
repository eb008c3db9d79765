import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's own routes (csrf, session, signout). /api/auth/login, /signup and /user are more
// specific routes and win over this catch-all. Its sign-in and callback endpoints are closed by
// middleware.ts and again here, on the segments as the router decoded them (issue 19: a
// percent-encoded "/api/auth/%73ignin" must not reach them).
type Ctx = { params: Promise<{ nextauth: string[] }> };
const CLOSED = new Set(["signin", "callback"]);

async function handler(req: NextRequest, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  if (CLOSED.has((nextauth?.[0] ?? "").toLowerCase())) {
    return Response.json({ message: "Not found", error: { code: "not_found", message: "Not found" } }, { status: 404 });
  }
  return NextAuth(req, ctx, authOptions());
}
export { handler as GET, handler as POST };

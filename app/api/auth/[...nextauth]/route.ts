import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's own routes (csrf, session, callback, signout). /api/auth/login, /signup and /user are
// more specific routes and win over this catch-all.
type Ctx = { params: Promise<{ nextauth: string[] }> };
const handler = (req: NextRequest, ctx: Ctx) => NextAuth(req, ctx, authOptions());
export { handler as GET, handler as POST };

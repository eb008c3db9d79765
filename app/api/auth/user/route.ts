import { businessRoute } from "@/lib/api/route";
import { toCurrentUser } from "@/lib/auth/current-user";

// GET /api/auth/user - the signed-in business user (401 when signed out)
export const GET = businessRoute({}, ({ auth }) => toCurrentUser(auth));

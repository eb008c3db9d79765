import { adminRoute } from "@/lib/api/route";
import { exitLoginAs } from "@/lib/admin/login-as";

// POST /api/admin/exit-login-as - leave the business workspace and return to /admin-dashboard
export const POST = adminRoute({}, ({ auth }) => exitLoginAs(auth));

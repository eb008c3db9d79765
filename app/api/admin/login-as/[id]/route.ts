import { adminRoute, idParam } from "@/lib/api/route";
import { startLoginAs } from "@/lib/admin/login-as";

// POST /api/admin/login-as/{id} - enter a business's workspace as the super admin (red banner, actions attributed to the admin)
export const POST = adminRoute({ params: idParam }, ({ auth, params }) => startLoginAs(auth, params.id));

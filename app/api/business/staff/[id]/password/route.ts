import { businessRoute, idParam } from "@/lib/api/route";
import { resetStaffPasswordSchema } from "@/lib/validation/staff-accounts";
import { resetStaffPassword } from "@/lib/staff/reset-staff-password";

// PUT /api/business/staff/{id}/password - set a staff member's new password and sign them out everywhere
export const PUT = businessRoute({ params: idParam, body: resetStaffPasswordSchema }, ({ auth, params, body, now }) => resetStaffPassword(auth, params.id, body.password, now));

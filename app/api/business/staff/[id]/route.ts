import { businessRoute, idParam } from "@/lib/api/route";
import { removeStaffAccount } from "@/lib/staff/remove-staff-account";

// DELETE /api/business/staff/{id} - remove a staff login and end its sessions
export const DELETE = businessRoute({ params: idParam }, ({ auth, params, now }) => removeStaffAccount(auth, params.id, now));

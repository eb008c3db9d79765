import { adminRoute, idParam } from "@/lib/api/route";
import { adminUpdateBusinessSchema } from "@/lib/validation/admin";
import { adminResetPassword, adminUpdateBusiness } from "@/lib/admin/update-business";

// PUT /api/admin/businesses/{id} - edit a business (plan, status, founder, price...) or { action: "reset_password" } for a 1-hour reset link
export const PUT = adminRoute({ params: idParam, body: adminUpdateBusinessSchema }, ({ auth, params, body, now }) => {
  if (body.action === "reset_password") return adminResetPassword(auth, params.id, now);
  return adminUpdateBusiness(auth, params.id, body, now);
});

import { adminRoute, idParam } from "@/lib/api/route";
import { adminUpdateBusinessSchema } from "@/lib/validation/admin";
import { adminResetPassword, adminUpdateBusiness } from "@/lib/admin/update-business";
import { getAdminBusiness } from "@/lib/admin/search-businesses";

// GET /api/admin/businesses/{id} - one business's picker row (issue 23: the picked business, read again after an edit)
export const GET = adminRoute({ params: idParam }, ({ params }) => getAdminBusiness(params.id));

// PUT /api/admin/businesses/{id} - edit a business (plan, status, founder, price...) or { action: "reset_password" } for a 1-hour reset link
export const PUT = adminRoute({ params: idParam, body: adminUpdateBusinessSchema }, ({ auth, params, body, now }) => {
  if (body.action === "reset_password") return adminResetPassword(auth, params.id, now);
  return adminUpdateBusiness(auth, params.id, body, now);
});

import "server-only";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/errors/api-error";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";

/** "Login as": the admin's own session gets an acting business (one principal per browser); the
 *  business workspace then serves the admin as that business, in admin mode. Deleted businesses
 *  cannot be entered. */
export async function startLoginAs(auth: AdminPrincipal, businessId: number) {
  const business = await db.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } }, select: { id: true, name: true } });
  if (!business) throw notFound("Business not found");
  await db.$transaction(async (tx) => {
    await tx.session.update({ where: { id: auth.sessionId }, data: { actingBusinessId: business.id } });
    await logActivity({ businessId: business.id, actor: auth.actor, action: "admin_login_as", description: `Super admin logged in as ${business.name}` }, tx);
  });
  return { message: `Logged in as ${business.name}`, businessName: business.name, redirectUrl: "/dashboard" };
}

export async function exitLoginAs(auth: AdminPrincipal) {
  if (auth.actingBusinessId === null) throw badRequest("You are not logged in as a business");
  await db.$transaction(async (tx) => {
    await tx.session.update({ where: { id: auth.sessionId }, data: { actingBusinessId: null } });
    await logActivity({ businessId: auth.actingBusinessId, actor: auth.actor, action: "admin_exit_login_as", description: `Super admin left ${auth.acting?.name ?? "the business"}` }, tx);
  });
  return { message: "Returned to the admin dashboard", redirectUrl: "/admin-dashboard" };
}

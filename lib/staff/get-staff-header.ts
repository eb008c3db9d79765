import "server-only";
import { db } from "@/lib/db";
import type { StaffPrincipal } from "@/lib/auth/principal";

/** What the staff dashboard's header shows: who is signed in, at which business. */
export async function getStaffHeader(p: StaffPrincipal): Promise<{ username: string; businessId: number; businessName: string }> {
  const business = await db.business.findUnique({ where: { id: p.businessId }, select: { name: true } });
  return { username: p.actor.name, businessId: p.businessId, businessName: business?.name ?? "" };
}

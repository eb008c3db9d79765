import "server-only";
import type { BusinessPrincipal } from "@/lib/auth/principal";

/** GET /api/auth/user: the fields the UI reads (businessName, isFounderMember, adminMode) and a
 *  few more for the header and greeting. */
export function toCurrentUser(p: BusinessPrincipal) {
  const b = p.business;
  return {
    id: b.id,
    businessId: b.id,
    email: b.email,
    firstName: b.ownerFirstName,
    lastName: b.ownerLastName,
    businessName: b.name,
    isFounderMember: b.isFounderMember,
    subscriptionStatus: b.subscriptionStatus,
    adminMode: p.adminMode,
    role: p.adminMode ? "admin" : "owner",
  };
}
export type CurrentUser = ReturnType<typeof toCurrentUser>;

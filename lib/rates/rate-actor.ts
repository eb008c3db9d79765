import "server-only";
import type { BusinessPrincipal } from "@/lib/auth/principal";

/** Who made a rate change, as the audit log shows it: the owner's name, or the super admin's. */
export function changedByLabel(auth: BusinessPrincipal): string {
  return auth.adminMode ? `${auth.actor.name} (super admin)` : auth.actor.name;
}

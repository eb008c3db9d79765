import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

export const STAFF_NOT_FOUND = "Staff login not found";

/** A staff login of this business; another business's id is a 404 like a missing one. */
export async function getStaffOrThrow(businessId: number, id: number, tx: Tx = db) {
  const staff = await tx.staffUser.findFirst({ where: { id, businessId } });
  if (!staff) throw notFound(STAFF_NOT_FOUND);
  return staff;
}

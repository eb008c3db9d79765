import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { toBusinessProfileDto } from "@/lib/business/business-dto";

/** GET /api/business/profile: the points configuration of the session's business. */
export async function getBusinessProfile(businessId: number) {
  const b = await db.business.findUnique({ where: { id: businessId } });
  if (!b) throw notFound("Business not found");
  return toBusinessProfileDto(b);
}

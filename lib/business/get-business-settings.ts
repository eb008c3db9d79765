import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { toBusinessSettingsDto } from "@/lib/business/business-dto";
import { countsTowardLimit } from "@/lib/customers/customer-usage";

/** GET /api/business: the business settings record (never secrets). customerCount counts the
 *  customers that take a place on the plan, as the usage endpoint does. */
export async function getBusinessSettings(businessId: number) {
  // One query after the other: the embedded dev/test database mixes up concurrent statements.
  const b = await db.business.findUnique({ where: { id: businessId } });
  if (!b) throw notFound("Business not found");
  const customerCount = await db.customer.count({ where: { businessId, ...countsTowardLimit } });
  return toBusinessSettingsDto(b, customerCount);
}

import { businessRoute, idParam } from "@/lib/api/route";
import { db } from "@/lib/db";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";

// GET /api/customers/{customerId}/transactions/last - when the customer's latest transaction happened
export const GET = businessRoute({ params: idParam }, async ({ auth, params }) => {
  await getCustomerOrThrow(auth.businessId, params.id);
  const last = await db.transaction.findFirst({
    where: { businessId: auth.businessId, customerId: params.id, deletedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, type: true, createdAt: true },
  });
  return last ? { id: last.id, type: last.type, createdAt: last.createdAt.toISOString() } : { id: null, type: null, createdAt: null };
});

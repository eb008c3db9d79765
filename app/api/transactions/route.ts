import { businessRoute, json, staffRoute } from "@/lib/api/route";
import { createTransactionSchema, listTransactionsQuery } from "@/lib/validation/transactions";
import { listTransactions } from "@/lib/transactions/list-transactions";
import { recordTransaction } from "@/lib/transactions/record-transaction";

// GET /api/transactions - live transactions with their customer, newest first (?q=, ?before=, ?limit=)
export const GET = businessRoute({ query: listTransactionsQuery }, ({ auth, query }) => listTransactions(auth.businessId, query));

// POST /api/transactions - record a purchase, redemption, bonus, adjustment, gift or goodwill points (owner or staff)
export const POST = staffRoute({ body: createTransactionSchema }, async ({ auth, body, now }) =>
  json(await recordTransaction(auth.businessId, body, auth.actor, now), 201),
);

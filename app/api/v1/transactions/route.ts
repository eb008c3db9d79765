import { apiKeyRoute } from "@/lib/api/route";
import { apiTransactionBody } from "@/lib/api-v1/schemas";
import { runIdempotent } from "@/lib/api-keys/idempotency";
import { recordApiTransaction } from "@/lib/api-v1/record-api-transaction";

// POST /api/v1/transactions - record a purchase or a points redemption, once per Idempotency-Key (API key, write)
export const POST = apiKeyRoute({ body: apiTransactionBody }, ({ auth, req, body, now }) =>
  runIdempotent(auth, req, body, now, (at) => recordApiTransaction(auth, body, at)),
);

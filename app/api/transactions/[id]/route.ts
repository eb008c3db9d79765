import { businessRoute, idParam } from "@/lib/api/route";
import { deleteTransactionSchema, editTransactionSchema } from "@/lib/validation/transactions";
import { editTransaction } from "@/lib/transactions/edit-transaction";
import { deleteTransaction } from "@/lib/transactions/delete-transaction";

// PUT /api/transactions/{id} - correct a transaction (a correcting ledger entry moves the balance)
export const PUT = businessRoute({ params: idParam, body: editTransactionSchema }, ({ auth, params, body, now }) =>
  editTransaction(auth.businessId, params.id, body, auth.actor, now),
);

// DELETE /api/transactions/{id} - delete with a reason (reversing ledger entries; 'other' needs the password)
export const DELETE = businessRoute({ params: idParam, body: deleteTransactionSchema }, ({ auth, params, body, now }) =>
  deleteTransaction(auth, params.id, body, now),
);

"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { FormField, NumberField, SelectField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { apiJson } from "@/lib/client/api";
import { TRANSACTION_TYPES } from "@/lib/rules/points";
import { poundsString } from "@/lib/rules/money";
import { transactionTypeLabel } from "@/lib/rules/transaction-display";
import { editTransactionSchema } from "@/lib/validation/transactions";
import { refreshAfterCorrection, type TransactionDto } from "@/components/transactions/transaction-queries";

// Spec 2 sections 2.4, 5.2 and 8: change the type, amount, description and the points of a past
// transaction. The server writes a correcting ledger entry for the difference and emails the
// customer. Blank points read as 0; the amount is sent as a number.

// The server's own schema: the same bounds as a new transaction (issue 19 item 5).
const editFormSchema = editTransactionSchema;
type Input = z.input<typeof editFormSchema>;
type Output = z.output<typeof editFormSchema>;

type Props = { transaction: TransactionDto | null; onClose: () => void };

export function EditTransactionDialog({ transaction, onClose }: Props) {
  return (
    <FormDialog
      open={transaction !== null}
      onClose={onClose}
      title="edit transaction"
      description={transaction ? `correct this ${transactionTypeLabel(transaction.type)} for ${transaction.customer.name}. the customer is notified of the change.` : ""}
    >
      {transaction && <EditTransactionForm key={transaction.id} transaction={transaction} onDone={onClose} />}
    </FormDialog>
  );
}

function EditTransactionForm({ transaction, onDone }: { transaction: TransactionDto; onDone: () => void }) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(editFormSchema),
    defaultValues: {
      type: transaction.type,
      amount: transaction.amount,
      description: transaction.description ?? "",
      pointsEarned: String(transaction.pointsEarned),
      pointsRedeemed: String(transaction.pointsRedeemed),
    },
  });
  const save = useSubmitMutation({
    mutationFn: (v: Output) =>
      apiJson<TransactionDto>("PUT", `/api/transactions/${transaction.id}`, {
        type: v.type,
        amount: Number(poundsString(v.amountPence)),
        description: v.description ? v.description : null,
        pointsEarned: v.pointsEarned,
        pointsRedeemed: v.pointsRedeemed,
      }),
    success: { title: "transaction updated", description: `${transaction.customer.name} has been notified of the change.` },
    refresh: refreshAfterCorrection,
    failure: { title: "update failed" },
    onDone,
  });
  const errors = form.formState.errors;

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4">
        <SelectField label="type" error={errors.type?.message} {...form.register("type")}>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {transactionTypeLabel(t)}
            </option>
          ))}
        </SelectField>
        <FormField label="amount (£)" inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...form.register("amount")} />
        <FormField label="description (optional)" maxLength={500} error={errors.description?.message} {...form.register("description")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField whole label="points earned" min={0} step={1} error={errors.pointsEarned?.message} {...form.register("pointsEarned")} />
          <NumberField whole label="points redeemed" min={0} step={1} error={errors.pointsRedeemed?.message} {...form.register("pointsRedeemed")} />
        </div>
      </fieldset>
      <FormFooter onCancel={onDone} pending={save.isPending} submitLabel="save changes" pendingLabel="saving..." />
    </form>
  );
}

"use client";

import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
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
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>edit transaction</DialogTitle>
          <DialogDescription>
            {transaction ? `correct this ${transactionTypeLabel(transaction.type)} for ${transaction.customer.name}. the customer is notified of the change.` : ""}
          </DialogDescription>
        </DialogHeader>
        {transaction && <EditTransactionForm key={transaction.id} transaction={transaction} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditTransactionForm({ transaction, onDone }: { transaction: TransactionDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const typeId = useId();
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
  const save = useMutation({
    mutationFn: (v: Output) =>
      apiJson<TransactionDto>("PUT", `/api/transactions/${transaction.id}`, {
        type: v.type,
        amount: Number(poundsString(v.amountPence)),
        description: v.description ? v.description : null,
        pointsEarned: v.pointsEarned,
        pointsRedeemed: v.pointsRedeemed,
      }),
    onSuccess: () => {
      toast({ title: "transaction updated", description: `${transaction.customer.name} has been notified of the change.` });
      void refreshAfterCorrection(queryClient);
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "update failed", description: errorMessage(error) }),
  });
  const errors = form.formState.errors;

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={typeId}>type</Label>
          <select
            id={typeId}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
            {...form.register("type")}
          >
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {transactionTypeLabel(t)}
              </option>
            ))}
          </select>
          {errors.type?.message && <p className="text-sm text-destructive">{errors.type.message}</p>}
        </div>
        <FormField label="amount (£)" inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...form.register("amount")} />
        <FormField label="description (optional)" maxLength={500} error={errors.description?.message} {...form.register("description")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="points earned" type="number" inputMode="numeric" min={0} step={1} error={errors.pointsEarned?.message} {...form.register("pointsEarned")} />
          <FormField label="points redeemed" type="number" inputMode="numeric" min={0} step={1} error={errors.pointsRedeemed?.message} {...form.register("pointsRedeemed")} />
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? "saving..." : "save changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}

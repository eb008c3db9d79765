"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { allowedTypesFor, normaliseTransactionType, type TransactionType } from "@/lib/rules/points";
import { cn } from "@/lib/utils";
import { useCustomersByIds } from "@/components/customers/customer-queries";
import { CustomerCombobox, accountLimit } from "@/components/transactions/customer-combobox";
import { TransactionTypeFields } from "@/components/transactions/transaction-type-fields";
import {
  buildTransactionRequest,
  EMPTY_DRAFT,
  FORM_TYPES,
  problemTitle,
  type FormTransactionType,
  type TransactionDraft,
  type TransactionRequest,
} from "@/components/transactions/build-transaction-request";
import { refreshAfterTransaction, type RecordTransactionResult } from "@/components/transactions/transaction-queries";
import { SubmitButton } from "@/components/forms/submit-button";

// Spec 2 sections 2.2, 4.1, 5.1 and 8: pick a customer and one of the six types, enter what the
// type needs, check it in the browser with the spec's messages, then POST /api/transactions.
// Asleep, scheduled-for-deletion and snoozed customers may only have purchases; closed accounts
// are shown but nothing can be submitted for them.

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected customer (the customer hub's 'process transaction', ?customerId=). */
  initialCustomerId?: number | null;
  /** Preselected customer as already looked up (after a QR scan). */
  initialCustomer?: CustomerDto | null;
};

export function ProcessTransactionDialog({ open, onOpenChange, initialCustomerId = null, initialCustomer = null }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>process transaction</DialogTitle>
          <DialogDescription>pick a customer and a transaction type, then enter the details.</DialogDescription>
        </DialogHeader>
        {open && (
          <ProcessTransactionForm
            initialCustomerId={initialCustomer?.id ?? initialCustomerId}
            initialCustomer={initialCustomer}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

const isAllowed = (allowed: readonly TransactionType[], type: FormTransactionType) => allowed.includes(normaliseTransactionType(type) as TransactionType);

function ProcessTransactionForm({ initialCustomerId, initialCustomer, onDone }: { initialCustomerId: number | null; initialCustomer: CustomerDto | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<number | null>(initialCustomerId);
  // The customer as picked from the search (or scanned); a preselected id alone is read by id.
  const [picked, setPicked] = useState<CustomerDto | null>(initialCustomer);
  const [draft, setDraft] = useState<TransactionDraft>(EMPTY_DRAFT);
  const preselected = useCustomersByIds(initialCustomerId !== null && initialCustomer?.id !== initialCustomerId ? [initialCustomerId] : undefined);

  const selected = customerId === null ? null : picked?.id === customerId ? picked : (preselected.data?.find((c) => c.id === customerId) ?? null);
  const allowed = selected ? allowedTypesFor(selected) : null;
  const limit = selected ? accountLimit(selected) : null;
  const closed = limit?.kind === "closed";

  const submit = useMutation({
    mutationFn: (body: TransactionRequest) => apiJson<RecordTransactionResult>("POST", "/api/transactions", body),
    onSuccess: (result, body) => {
      const name = result?.transaction?.customer?.name ?? selected?.name ?? "the customer";
      const points = result?.customer?.totalPoints;
      toast({ title: "transaction recorded", description: points === undefined ? `recorded for ${name}.` : `${name} now has ${points} points.` });
      void refreshAfterTransaction(queryClient, body.customerId);
      onDone();
    },
    onError: (error) => {
      const message = errorMessage(error);
      toast({ variant: "destructive", title: problemTitle(message), description: message });
    },
  });

  const pickCustomer = (c: CustomerDto | null) => {
    setCustomerId(c?.id ?? null);
    setPicked(c);
    setDraft((d) => ({
      ...d,
      promoCode: "",
      recipientCustomerId: c && d.recipientCustomerId === c.id ? null : d.recipientCustomerId,
      type: c && !isAllowed(allowedTypesFor(c), d.type) ? "purchase" : d.type,
    }));
  };
  const update = (patch: Partial<TransactionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const built = buildTransactionRequest(selected, draft);
    if (!built.ok) {
      toast({ variant: "destructive", title: built.problem.title, description: built.problem.message });
      return;
    }
    submit.mutate(built.body);
  };

  return (
    <form noValidate className="grid min-w-0 gap-4" onSubmit={onSubmit}>
      <fieldset disabled={submit.isPending} className="grid min-w-0 gap-4">
        <CustomerCombobox label="customer" value={selected} onChange={pickCustomer} />

        {closed && (
          <Alert variant="destructive">
            <AlertTitle>account closed</AlertTitle>
            <AlertDescription>closed accounts are read-only for 28 days before permanent deletion: no transactions can be recorded.</AlertDescription>
          </Alert>
        )}
        {limit?.kind === "sleeping" && (
          <Alert variant="warning">
            <AlertDescription>this account is {limit.label}: only purchases can be recorded, and a purchase wakes the account.</AlertDescription>
          </Alert>
        )}

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1.5 text-sm font-medium">transaction type</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {FORM_TYPES.map((t) => {
              const enabled = allowed === null || isAllowed(allowed, t.value);
              const checked = draft.type === t.value;
              return (
                <label
                  key={t.value}
                  className={cn(
                    "flex min-w-0 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm",
                    checked && "border-primary bg-primary/5 font-medium",
                    !enabled && "cursor-not-allowed opacity-50",
                  )}
                >
                  <input
                    type="radio"
                    name="transaction-type"
                    value={t.value}
                    checked={checked}
                    disabled={!enabled}
                    onChange={() => update({ type: t.value })}
                    className="accent-primary"
                  />
                  <span className="min-w-0 leading-tight break-words">{t.label}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <TransactionTypeFields draft={draft} update={update} customer={selected} />
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={submit.isPending}>
          cancel
        </Button>
        <SubmitButton pending={submit.isPending} disabled={closed} pendingLabel="processing...">
          process transaction
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

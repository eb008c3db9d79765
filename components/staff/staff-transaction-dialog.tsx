"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { createTransactionSchema } from "@/lib/validation/transactions";
import type { StaffCustomer } from "@/lib/staff/types";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// The staff dashboard's 'process transaction' and 'award bonus points' (left unwired by the spec):
// both go through POST /api/transactions, the owner's own rules, with the staff member recorded on
// the transaction and the ledger row. The request is checked with the server's own schema
// (lib/validation/transactions.ts) before it is sent, so the bounds and messages are the API's.

export type StaffTransactionMode = "purchase" | "bonus";

type Recorded = { balance: number; message: string };

export function StaffTransactionDialog({ customer, mode, onClose }: { customer: StaffCustomer; mode: StaffTransactionMode | null; onClose: () => void }) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {mode ? <TransactionForm key={mode} customer={customer} mode={mode} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TransactionForm({ customer, mode, onClose }: { customer: StaffCustomer; mode: StaffTransactionMode; onClose: () => void }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const [value, setValue] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const purchase = mode === "purchase";

  const record = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<Recorded>("POST", "/api/transactions", body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.staffCustomers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.staffTransactions(customer.id) });
      toast({ title: "transaction recorded", description: `${customer.name} now has ${result.balance} points.` });
      onClose();
    },
    onError: (e) => toast({ variant: "destructive", title: "error", description: serverMessage(e, "Failed to record the transaction") }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { customerId: customer.id, type: purchase ? "purchase" : "bonus_points", amount: value.trim(), description: note.trim() || null };
    const checked = createTransactionSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    record.mutate(body);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{purchase ? "process transaction" : "award bonus points"}</DialogTitle>
        <DialogDescription>
          {customer.name} · {formatMembershipNumber(customer.membershipNumber)} · {customer.pointsBalance} points
        </DialogDescription>
      </DialogHeader>
      {purchase ? (
        <FormField label="Purchase amount (£)" inputMode="decimal" placeholder="12.50" autoFocus value={value} onChange={(e) => setValue(e.target.value)} error={error} />
      ) : (
        <FormField label="Bonus points" inputMode="numeric" placeholder="50" autoFocus value={value} onChange={(e) => setValue(e.target.value.replace(/\D/g, ""))} error={error} />
      )}
      <FormField id={noteId} label={purchase ? "Description (optional)" : "Reason (optional)"} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={record.isPending} aria-busy={record.isPending || undefined}>
          {record.isPending ? "Recording..." : purchase ? "Record Purchase" : "Award Points"}
        </Button>
      </DialogFooter>
    </form>
  );
}

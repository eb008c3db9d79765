"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { createTransactionSchema } from "@/lib/validation/transactions";
import type { StaffCustomer } from "@/lib/staff/types";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// The staff dashboard's 'process transaction' and 'award bonus points' (left unwired by the spec):
// both go through POST /api/transactions, the owner's own rules, with the staff member recorded on
// the transaction and the ledger row. The request is checked with the server's own schema
// (lib/validation/transactions.ts) before it is sent, so the bounds and messages are the API's.
// Loaded on first use (components/staff/staff-customer-panel.tsx): zod and Radix's dialog are not
// in the till's first load.

export type StaffTransactionMode = "purchase" | "bonus";

type Recorded = { balance: number; message: string };

type DialogProps = { customer: StaffCustomer; mode: StaffTransactionMode | null; onClose: () => void; onRecorded: () => void };

export function StaffTransactionDialog({ customer, mode, onClose, onRecorded }: DialogProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {mode ? <TransactionForm key={mode} customer={customer} mode={mode} onClose={onClose} onRecorded={onRecorded} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TransactionForm({ customer, mode, onClose, onRecorded }: DialogProps & { mode: StaffTransactionMode }) {
  const noteId = useId();
  const [value, setValue] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const purchase = mode === "purchase";

  const record = async (body: Record<string, unknown>) => {
    setPending(true);
    try {
      const result = await apiJson<Recorded>("POST", "/api/transactions", body);
      onRecorded();
      toast({ title: "transaction recorded", description: `${customer.name} now has ${result.balance} points.` });
      onClose();
    } catch (e) {
      toast({ variant: "destructive", title: "error", description: serverMessage(e, "Failed to record the transaction") });
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const body = { customerId: customer.id, type: purchase ? "purchase" : "bonus_points", amount: value.trim(), description: note.trim() || null };
    const checked = createTransactionSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    void record(body);
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
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Recording..." : purchase ? "Record Purchase" : "Award Points"}
        </Button>
      </DialogFooter>
    </form>
  );
}

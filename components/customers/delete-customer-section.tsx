"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { formatMembershipNumber, membershipNumberFrom } from "@/lib/rules/membership-number";

// Account Management: delete a customer now (issue 17; spec 1 section 4's remedy for an asleep
// customer is "delete and re-add the customer"). Two steps: the first explains what goes and what
// stays, the second asks for the membership number before the final button works.

export function DeleteCustomerSection({ customer, onDeleted }: { customer: CustomerDto; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [typed, setTyped] = useState("");
  const remove = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", `/api/customers/${customer.id}`),
    onSuccess: () => {
      for (const queryKey of [queryKeys.customers, queryKeys.subscriptionUsage, queryKeys.dashboard.stats]) void queryClient.invalidateQueries({ queryKey });
      toast({ title: "Customer deleted", description: `${customer.name}'s personal details have been deleted. Their email and phone can be used for a new customer.` });
      onDeleted?.();
    },
    onError: (error) => toast({ variant: "destructive", title: "Delete failed", description: errorMessage(error) }),
  });
  const open = (next: 0 | 1 | 2) => {
    setTyped("");
    setStep(next);
  };
  const matches = membershipNumberFrom(typed).toUpperCase() === membershipNumberFrom(customer.membershipNumber).toUpperCase();

  return (
    <section className="grid gap-2 rounded-lg border border-destructive/40 p-3">
      <h3 className="text-sm font-semibold text-destructive">delete customer</h3>
      <p className="text-sm text-muted-foreground">
        deletes the customer now: their personal details, card and points go, and their email and phone can be used to add them again.
      </p>
      <Button type="button" variant="destructive" className="w-full sm:w-fit" disabled={remove.isPending} onClick={() => open(1)}>
        delete customer
      </Button>
      <ConfirmDialog
        destructive
        open={step === 1}
        // Confirming moves to step 2 before the dialog reports itself closed: only a close from step 1 resets.
        onOpenChange={(o) => !o && setStep((s) => (s === 1 ? 0 : s))}
        title="delete this customer?"
        description={`${customer.name}'s name, contact details, date of birth, consents, card and ${customer.totalPoints} points will be deleted. Their transactions stay in your records without their details. This cannot be undone.`}
        confirmLabel="continue"
        onConfirm={() => open(2)}
      />
      <ConfirmDialog
        destructive
        open={step === 2}
        onOpenChange={(o) => !o && open(0)}
        title="confirm deletion"
        description={`Type the membership number ${formatMembershipNumber(customer.membershipNumber)} to delete ${customer.name} permanently.`}
        confirmLabel="delete permanently"
        pendingLabel="deleting..."
        onConfirm={async () => {
          if (!matches) throw new Error("membership number does not match");
          await remove.mutateAsync();
        }}
      >
        <label className="grid gap-1 text-sm">
          <span>membership number</span>
          <input
            className="h-9 rounded-md border bg-transparent px-3 text-sm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            aria-invalid={typed !== "" && !matches}
          />
        </label>
        {typed.trim() !== "" && !matches && (
          <p role="alert" className="text-sm text-destructive">
            the membership number does not match
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

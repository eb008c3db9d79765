"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDateTime } from "@/lib/rules/format";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { accountState, customerStatus } from "@/lib/rules/customer-status";
import { storeUpdatedCustomer } from "@/components/customers/customer-queries";
import { READ_ONLY_NOTE } from "@/components/customers/customer-details-form";
import { DeleteCustomerSection } from "@/components/customers/delete-customer-section";
import { AttachReferralCode } from "@/components/referrals/attach-referral-code";

// Customer detail dialog, tab 3 (spec 1 sections 4 and 8): snooze an active account, reactivate a
// snoozed (paused) one, close it for good, or delete the customer now (two steps).

type Action = "snooze" | "close-by-business" | "reactivate";

const TOASTS: Record<Action, { title: string; description: string; failure: string }> = {
  snooze: { title: "Account snoozed", description: "Customer account has been snoozed until their next transaction", failure: "Snooze failed" },
  "close-by-business": { title: "Account closed", description: "Customer account has been permanently closed", failure: "Close failed" },
  reactivate: { title: "Account reactivated", description: "Customer account has been reactivated", failure: "Reactivation failed" },
};

function useAccountAction(customer: CustomerDto, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CustomerDto>("PATCH", `/api/customers/${customer.id}/${action}`),
    onSuccess: (updated) => {
      void storeUpdatedCustomer(queryClient, updated);
      // The plan's usage and the dashboard's active-customer figures change with the status.
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionUsage });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.stats });
      toast({ title: TOASTS[action].title, description: TOASTS[action].description });
    },
    onError: (error) => toast({ variant: "destructive", title: TOASTS[action].failure, description: errorMessage(error) }),
  });
}

export function CustomerAccountTab({ customer, onDeleted }: { customer: CustomerDto; onDeleted?: () => void }) {
  const state = accountState(customer.accountStatus);
  const status = customerStatus(customer);
  const snooze = useAccountAction(customer, "snooze");
  const close = useAccountAction(customer, "close-by-business");
  const reactivate = useAccountAction(customer, "reactivate");
  const busy = snooze.isPending || close.isPending || reactivate.isPending;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">status</span>
        <Badge variant={status.tone}>{status.label}</Badge>
        {state === "closed" && customer.closedAt && <span className="text-muted-foreground">closed on {formatDateTime(customer.closedAt)}</span>}
      </div>

      {/* Issue 26: a new customer (no visit yet) who forgot their friend's code at sign-up. */}
      {state === "active" && !customer.isParked && !customer.lastVisit && <AttachReferralCode customerId={customer.id} />}

      {state === "active" && (
        <section className="grid gap-2 rounded-lg border p-3">
          <h3 className="text-sm font-semibold">snooze account</h3>
          <p className="text-sm text-muted-foreground">
            puts the account to sleep until the customer&apos;s next transaction. service messages continue, but no offers, vouchers or
            updates are sent. a snoozed account is deleted automatically after 5 months.
          </p>
          <ConfirmButton
            title="snooze this account?"
            description={`${customer.name}'s account will sleep until their next transaction and is scheduled for automatic deletion in 5 months. Service messages continue, but no offers, vouchers or updates are sent.`}
            confirmLabel="snooze account"
            pendingLabel="snoozing..."
            onConfirm={() => snooze.mutateAsync()}
            label="snooze account"
            button={{ variant: "outline", className: "w-full sm:w-fit", disabled: busy }}
          />
        </section>
      )}

      {state === "snoozed" && (
        <section className="grid gap-2 rounded-lg border p-3">
          <h3 className="text-sm font-semibold">reactivate account</h3>
          <p className="text-sm text-muted-foreground">wakes the account now, so the customer can receive offers and vouchers again.</p>
          <Button type="button" className="w-full sm:w-fit" disabled={busy} aria-busy={reactivate.isPending || undefined} onClick={() => reactivate.mutate()}>
            {reactivate.isPending ? "reactivating..." : "reactivate account"}
          </Button>
        </section>
      )}

      {state !== "closed" ? (
        <section className="grid gap-2 rounded-lg border border-destructive/40 p-3">
          <h3 className="text-sm font-semibold text-destructive">close account</h3>
          <p className="text-sm text-muted-foreground">permanently closes the account. this cannot be undone or reactivated.</p>
          <ConfirmButton
            destructive
            title="close this account permanently?"
            description="This is permanent: a closed account cannot be reopened or reactivated. The customer's details become read-only for 28 days and are then archived; some data is kept longer for audit and legal reasons."
            confirmLabel="close account permanently"
            pendingLabel="closing..."
            onConfirm={() => close.mutateAsync()}
            label="close account"
            button={{ variant: "destructive", className: "w-full sm:w-fit", disabled: busy }}
          />
        </section>
      ) : (
        <p role="note" className="rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
          {READ_ONLY_NOTE}
        </p>
      )}

      <DeleteCustomerSection customer={customer} onDeleted={onDeleted} />
    </div>
  );
}

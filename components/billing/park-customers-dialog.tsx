"use client";

import { useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { formatDate } from "@/lib/rules/format";
import { STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";
import { PARK_NONE_SELECTED } from "@/lib/validation/billing";
import { useCustomerCount } from "@/components/customers/customer-queries";
import { CustomerPickList, useCustomerSearch } from "@/components/forms/customer-pick-list";
import { useRefreshBilling } from "@/components/billing/billing-queries";

// The Park Customers dialogs (spec 2 sections 2.8, 4.6, 5.9 and 8): one for a downgrade, one for a
// payment failure. The business selects at least the excess (count minus 10); each customer is
// parked with one call. The list is the server's search of the open (not closed) accounts, a page
// at a time (issue 23); the count is the server's; ticks stay across searches.

export type ParkKind = "downgrade" | "payment_failure";
const REASON = { downgrade: "downgrade_compliance", payment_failure: "payment_failure_compliance" } as const;

export function ParkCustomersDialog({ kind, open, onOpenChange }: { kind: ParkKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const labelId = useId();
  const search = useCustomerSearch({ status: "open", enabled: open });
  const active = useCustomerCount("open", { enabled: open });
  const refresh = useRefreshBilling();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const excess = Math.max(0, (active.data?.count ?? 0) - STARTER_CUSTOMER_LIMIT);

  const park = useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await apiJson("POST", `/api/customers/${id}/park`, { reason: REASON[kind] });
    },
    onSuccess: () => {
      toast({ title: "Customers parked successfully" });
      setSelected(new Set());
      onOpenChange(false);
    },
    onError: (error) => toast({ variant: "destructive", title: "Error Parking Customers", description: serverMessage(error, "Failed to park selected customers") }),
    onSettled: () => void refresh(),
  });

  const submit = () => {
    if (selected.size === 0) {
      toast({ variant: "destructive", title: "No Customers Selected", description: PARK_NONE_SELECTED });
      return;
    }
    park.mutate([...selected]);
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });

  return (
    <Dialog open={open} onOpenChange={(next) => !park.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{kind === "downgrade" ? "park customers for your downgrade" : "park customers until your payment is fixed"}</DialogTitle>
          <DialogDescription>
            starter holds {STARTER_CUSTOMER_LIMIT} customers. select at least {excess} to park: their data is kept, they are inactive and are not told.
            {kind === "downgrade" ? " they come back when you upgrade to max again." : " they come back when your payment is updated."}
          </DialogDescription>
        </DialogHeader>
        <p id={labelId} className="text-sm font-medium">
          customers
        </p>
        <CustomerPickList
          labelledBy={labelId}
          searchLabel="search customers"
          placeholder="search customers"
          search={search}
          className="max-h-72"
          renderRow={(c) => (
            <li key={c.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <Checkbox id={`park-${c.id}`} checked={selected.has(c.id)} onCheckedChange={(v) => toggle(c.id, v === true)} />
              <label htmlFor={`park-${c.id}`} className="min-w-0 flex-1 truncate">
                {c.name} <span className="text-muted-foreground">joined {formatDate(c.createdAt)}</span>
              </label>
            </li>
          )}
        />
        <p className="text-sm" aria-live="polite">
          {selected.size} selected{excess > 0 && selected.size < excess ? `: select ${excess - selected.size} more` : ""}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={park.isPending}>
            cancel
          </Button>
          <Button type="button" variant="destructive" onClick={submit} disabled={park.isPending || (selected.size > 0 && selected.size < excess)} aria-busy={park.isPending || undefined}>
            {park.isPending ? "parking..." : "park selected customers"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

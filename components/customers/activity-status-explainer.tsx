"use client";

import { ChevronDown, Info } from "lucide-react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useSessionFlag } from "@/components/customers/customer-queries";
import { cn } from "@/lib/utils";

// Spec 1 sections 2 and 4: how activity status works; open or closed is remembered for the
// browser session.

export const EXPLAINER_STORAGE_KEY = "customer-hub:activity-explainer-open";

export function ActivityStatusExplainer() {
  const [open, setOpen] = useSessionFlag(EXPLAINER_STORAGE_KEY);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-lg border bg-card">
      <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Info className="size-4 shrink-0 text-primary" aria-hidden />
        <span className="flex-1">how customer activity status works</span>
        <ChevronDown className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} aria-hidden />
      </CollapsibleTrigger>
      <CollapsibleContent className="px-4 pb-4 text-sm text-muted-foreground">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <span className="font-medium text-foreground">active</span>: visited in the last 3 months.
          </li>
          <li>
            <span className="font-medium text-foreground">asleep</span>: no visit for over 3 months. asleep customers can only be woken by a
            transaction and cannot receive vouchers; otherwise delete and re-add the customer.
          </li>
          <li>
            <span className="font-medium text-foreground">scheduled for deletion</span>: no visit for 5 months; the customer is deleted
            unless a transaction wakes them.
          </li>
          <li>
            <span className="font-medium text-foreground">snoozed</span>: you put the account to sleep. service messages continue but no
            offers, vouchers or updates are sent; it wakes on the customer&apos;s next transaction and is deleted after 5 months.
          </li>
          <li>
            <span className="font-medium text-foreground">closed</span>: closed permanently by you. it cannot be reactivated, is read-only
            for 28 days and is then archived.
          </li>
        </ul>
        <p className="mt-2">statuses are updated automatically from each customer&apos;s last visit.</p>
      </CollapsibleContent>
    </Collapsible>
  );
}

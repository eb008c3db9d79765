"use client";

import { Info } from "lucide-react";
import { Explainer } from "@/components/ui/explainer";
import { EXPLAINER_TITLE } from "@/components/customers/customer-hub-parts";

// Spec 1 sections 2 and 4: how activity status works; open or closed is remembered for the
// browser session.

export const EXPLAINER_STORAGE_KEY = "customer-hub:activity-explainer-open";

export function ActivityStatusExplainer() {
  return (
    <Explainer title={EXPLAINER_TITLE} icon={Info} storageKey={EXPLAINER_STORAGE_KEY} flagWords={{ on: "true", off: "false" }} contentClassName="">
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
    </Explainer>
  );
}

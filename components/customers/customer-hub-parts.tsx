import type { ReactNode, Ref } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";
import type { SubscriptionUsage } from "@/components/customers/customer-queries";

// The customer hub's frame, drawn the same by the server's first screen (customer-hub-screen.tsx)
// and the live hub (customer-hub.tsx, customer-list.tsx) that takes it over (issue 23). Not a
// client module. Controls carry a `data-takeover-key` on both sides (components/ui/takeover.tsx).

export const HUB_KEYS = { add: "add-customer", exportList: "marketing-export", search: "customer-search" } as const;

/** The search box's props (the live box adds its value, handler and spinner). */
export const CUSTOMER_SEARCH = {
  inset: true,
  "aria-label": "search customers by name or email",
  placeholder: "search by name, email, phone or membership number",
  className: "pr-9",
  "data-takeover-key": HUB_KEYS.search,
} as const;

/** The page: heading, subtitle, the plan's usage line and the add button, then the sections. */
export function CustomerHubFrame({ usageLine, addButton, children }: { usageLine: ReactNode; addButton: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">customers</h1>
          <p className="text-sm text-muted-foreground">search, edit and reward your loyal customers.</p>
          {usageLine}
        </div>
        {addButton}
      </div>
      {children}
    </div>
  );
}

/** "{used} of {limit} customer places used." on plans with a limit. Its own small line: growing
 *  the subtitle when the usage arrives would make the page's largest paint wait for that request. */
export function UsageLine({ usage }: { usage: SubscriptionUsage | undefined }) {
  if (!usage || usage.customersLimit === null) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {usage.customersUsed} of {usage.customersLimit} customer places used.
    </p>
  );
}

/** The add button's content: "limit reached" when the plan is full. */
export const addCustomerLabel = (blocked: boolean) => (
  <>
    <InlineIcon name="user-plus" /> {blocked ? "limit reached" : "add customer"}
  </>
);

export const EXPLAINER_TITLE = "how customer activity status works";

/** The "your customers" card: its actions (selection, export), the search box, the count and the table. */
export function CustomerListCard({ cardRef, actions, search, count, children }: { cardRef?: Ref<HTMLDivElement>; actions: ReactNode; search: ReactNode; count: ReactNode; children: ReactNode }) {
  return (
    <Card className="gap-4" ref={cardRef}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>your customers</CardTitle>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </CardHeader>
      <CardContent className="space-y-3 px-2 sm:px-6">
        {search}
        {count}
        {children}
      </CardContent>
    </Card>
  );
}

/** How many customers the list holds. data-q: the search the rows on screen answer (undefined while
 *  they answer another; the browser bench waits for it). */
export function CustomerCount({ q, children }: { q: string | undefined; children: ReactNode }) {
  return (
    <p className="min-h-5 px-1 text-sm text-muted-foreground sm:px-0" aria-live="polite" data-testid="customer-count" data-q={q}>
      {children}
    </p>
  );
}

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { InlineIcon } from "@/components/ui/inline-icon";

// Pieces of the transaction hub (spec 2 section 2.1) drawn the same by the client hub
// (transaction-hub.tsx) and by the first screen the server renders (transaction-hub-screen.tsx).
// Not a client module. Controls carry data-takeover-key (components/ui/takeover.tsx).

/** Rows per page of the hub; "load more" asks for the page older than the last row. */
export const TRANSACTIONS_PAGE_SIZE = 100;

export const TRANSACTION_EXPLAINER_TITLE = "how transactions work";

/** The hub's layout: heading, quick-find, explainer, then the card with the search and the list. */
export function TransactionHubFrame({ header, quickFind, explainer, toolbar, list, children }: Record<"header" | "quickFind" | "explainer" | "toolbar" | "list", ReactNode> & { children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {header}
      {quickFind}
      {explainer}
      <Card className="gap-4">
        <CardContent className="space-y-3 px-2 sm:px-6">
          <div className="flex items-center gap-2 px-1 sm:px-0">{toolbar}</div>
          {list}
        </CardContent>
      </Card>
      {children}
    </div>
  );
}

/** The search box's fixed props (the live hub adds the value and onValueChange). */
export const TRANSACTION_SEARCH = {
  wrapperClassName: "min-w-0 flex-1",
  "aria-label": "search transactions",
  placeholder: "search by customer name, email or description",
  "data-takeover-key": "search",
} as const;

export function TransactionHubHeader({ onScan, onAdd }: { onScan?: () => void; onAdd?: () => void }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">transaction hub</h1>
        <p className="text-sm text-muted-foreground">record purchases, redemptions and rewards, and correct past transactions.</p>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <Button type="button" variant="outline" onClick={onScan} className="flex-1 sm:flex-none" data-takeover-key="scan">
          <InlineIcon name="qr-code" /> scan qr
        </Button>
        <Button type="button" onClick={onAdd} className="flex-1 sm:flex-none" data-takeover-key="add">
          <InlineIcon name="plus" /> add transaction
        </Button>
      </div>
    </div>
  );
}

export const QUICK_FIND = {
  label: "quick find a customer",
  placeholder: "quick find: name, phone or membership number, then Enter",
  inputClassName:
    "flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-3 pl-9 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm",
  takeoverKey: "quick-find",
} as const;

export const quickFindIcon = <InlineIcon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />;

/** The quick-find box before its code (cmdk, the server's search) is there. */
export function QuickFindBox() {
  return (
    <div className="relative w-full">
      <div className="relative">
        {quickFindIcon}
        <input
          type="text"
          aria-label={QUICK_FIND.label}
          placeholder={QUICK_FIND.placeholder}
          autoComplete="off"
          className={QUICK_FIND.inputClassName}
          data-takeover-key={QUICK_FIND.takeoverKey}
        />
      </div>
    </div>
  );
}

/** "load more" under the list (the live hub passes its handler). */
export function LoadMore({ onClick, loading = false }: { onClick?: () => void; loading?: boolean }) {
  return (
    <div className="flex justify-center">
      <Button type="button" variant="outline" onClick={onClick} disabled={loading} data-takeover-key="load-more">
        {loading ? "loading..." : "load more"}
      </Button>
    </div>
  );
}

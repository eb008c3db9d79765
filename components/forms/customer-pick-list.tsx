"use client";

import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { SearchInput } from "@/components/ui/search-input";
import { cn } from "@/lib/utils";
import type { CustomerDto } from "@/lib/customers/customer-dto";

// The customer lists of the transaction and voucher dialogs: a search box over a scrolling list
// that shows the first `shown` matches (the search narrows them), with its loading and empty states.

type CustomerPickListProps = {
  /** The id of the visible label the list is named by. */
  labelledBy: string;
  searchLabel: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  disabled?: boolean;
  /** undefined while loading. */
  customers: CustomerDto[] | undefined;
  matches: CustomerDto[];
  shown: number;
  /** The list's height limit (max-h-*). */
  className?: string;
  /** One customer's row: an <li>. */
  renderRow: (customer: CustomerDto) => ReactNode;
};

export function CustomerPickList({ labelledBy, searchLabel, placeholder, query, onQueryChange, disabled, customers, matches, shown, className, renderRow }: CustomerPickListProps) {
  return (
    <>
      <SearchInput aria-label={searchLabel} placeholder={placeholder} value={query} onValueChange={onQueryChange} disabled={disabled} />
      <div role="group" aria-labelledby={labelledBy} className={cn("overflow-y-auto overscroll-contain rounded-md border", className)}>
        {customers === undefined ? (
          <div role="status" className="space-y-2 p-3" aria-busy="true" aria-label="loading customers">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : matches.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted-foreground">{customers.length === 0 ? "no customers yet" : "no customers match your search"}</p>
        ) : (
          <ul className="divide-y">
            {matches.slice(0, shown).map(renderRow)}
            {matches.length > shown && (
              <li className="p-3 text-center text-xs text-muted-foreground">
                showing {shown} of {matches.length} customers: search to find others
              </li>
            )}
          </ul>
        )}
      </div>
    </>
  );
}

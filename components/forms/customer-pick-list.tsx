"use client";

import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { SearchInput } from "@/components/ui/search-input";
import { cn } from "@/lib/utils";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { membershipNumberMatches } from "@/lib/rules/membership-number";

// The customer lists of the transaction and voucher dialogs: a search box over a scrolling list
// that shows the first `shown` matches (the search narrows them), with its loading and empty states.

type CustomerSearchOptions = { byMembershipNumber?: boolean; excludeId?: number };

/** The search of a customer list: the typed query, the deferred lower-case text `q`, and the
 *  customers whose name or email (or membership number) contain it. */
export function useCustomerSearch(customers: CustomerDto[] | undefined, { byMembershipNumber = false, excludeId }: CustomerSearchOptions = {}) {
  const [query, setQuery] = useState("");
  const q = useDeferredValue(query).trim().toLowerCase();
  const matches = useMemo(
    () =>
      (customers ?? []).filter(
        (c) => c.id !== excludeId && (!q || c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q) || (byMembershipNumber && membershipNumberMatches(c.membershipNumber, q))),
      ),
    [customers, excludeId, q, byMembershipNumber],
  );
  return { query, setQuery, q, matches };
}

type CustomerPickListProps = {
  /** The id of the visible label the list is named by. */
  labelledBy: string;
  searchLabel: string;
  placeholder: string;
  search: ReturnType<typeof useCustomerSearch>;
  disabled?: boolean;
  /** undefined while loading. */
  customers: CustomerDto[] | undefined;
  shown: number;
  /** The list's height limit (max-h-*). */
  className?: string;
  /** One customer's row: an <li>. */
  renderRow: (customer: CustomerDto) => ReactNode;
};

export function CustomerPickList({ labelledBy, searchLabel, placeholder, search, disabled, customers, shown, className, renderRow }: CustomerPickListProps) {
  const { matches } = search;
  return (
    <>
      <SearchInput aria-label={searchLabel} placeholder={placeholder} value={search.query} onValueChange={search.setQuery} disabled={disabled} />
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

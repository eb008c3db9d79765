"use client";

import { useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { errorMessage } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerStatusFilter } from "@/lib/rules/customer-status";
import { useDebounced } from "@/hooks/use-debounced";
import {
  countText,
  DEFAULT_CUSTOMER_ORDER,
  SEARCH_DEBOUNCE_MS,
  useCustomerPages,
  type CustomerListParams,
} from "@/components/customers/customer-queries";

// Every customer picker (transactions, gifts, vouchers, rates, parking; issue 23): a search box over
// a scrolling list of the server's search (GET /api/customers?q=, the hub's search: name, email,
// phone or membership number, typo-tolerant), newest first, a page at a time. The picker's rules go
// to the server (status=, exclude=), so it never loads customers it would hide; "load more" asks
// for the next page, and the line above it says how many there are: search to find others.

/** The first page of a picker: enough to scroll, small enough to come at once. */
export const PICK_PAGE_SIZE = 30;

type CustomerSearchOptions = {
  /** Only customers in this state (the server's status filter). */
  status?: CustomerStatusFilter;
  /** Never this customer (a gift's giver). */
  excludeId?: number;
  pageSize?: number;
  /** false: ask nothing yet (a closed dialog, a picked value). */
  enabled?: boolean;
};

const NO_ROWS: readonly CustomerDto[] = [];

/** A picker's search: the typed `query`, the `q` sent (after a pause in typing) and the pages of
 *  customers the server answered for it. */
export function useCustomerSearch({ status, excludeId, pageSize = PICK_PAGE_SIZE, enabled = true }: CustomerSearchOptions = {}) {
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const params = useMemo<CustomerListParams>(() => ({ q, ...DEFAULT_CUSTOMER_ORDER, status, exclude: excludeId, limit: pageSize }), [q, status, excludeId, pageSize]);
  const pages = useCustomerPages(params, { enabled });
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.rows) ?? NO_ROWS, [pages.data]);
  const total = pages.data?.pages[0]?.total ?? null;
  return { query, setQuery, q, rows, total, pages };
}

export type CustomerSearch = ReturnType<typeof useCustomerSearch>;

type CustomerPickListProps = {
  /** The id of the visible label the list is named by. */
  labelledBy: string;
  searchLabel: string;
  placeholder: string;
  search: CustomerSearch;
  disabled?: boolean;
  /** The list's height limit (max-h-*). */
  className?: string;
  /** One customer's row: an <li>. */
  renderRow: (customer: CustomerDto) => ReactNode;
};

export function CustomerPickList({ labelledBy, searchLabel, placeholder, search, disabled, className, renderRow }: CustomerPickListProps) {
  const { rows, total, pages, q } = search;
  // A new search is on its way with the previous rows still shown.
  const searching = pages.isFetching && !pages.isFetchingNextPage && !pages.isPending;
  return (
    <>
      <SearchInput
        aria-label={searchLabel}
        placeholder={placeholder}
        value={search.query}
        onValueChange={search.setQuery}
        disabled={disabled}
        className="pr-9"
        trailing={searching && <Spinner label="searching customers" className="absolute top-1/2 right-3 -translate-y-1/2" />}
      />
      <div role="group" aria-labelledby={labelledBy} className={cn("overflow-y-auto overscroll-contain rounded-md border", className)}>
        {pages.isPending ? (
          <div role="status" className="space-y-2 p-3" aria-busy="true" aria-label="loading customers">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : pages.isError && rows.length === 0 ? (
          <div role="alert" className="space-y-2 p-4 text-center text-sm text-destructive">
            <p>could not load customers: {errorMessage(pages.error)}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void pages.refetch()}>
              try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted-foreground">{q === "" ? "no customers yet" : "no customers match your search"}</p>
        ) : (
          <ul className="divide-y">
            {rows.map(renderRow)}
            {pages.hasNextPage && (
              <li className="flex flex-wrap items-center justify-center gap-2 p-3 text-center text-xs text-muted-foreground">
                <span>
                  showing {rows.length} of {total ? countText(total) : "more"} customers: search to find others
                </span>
                <Button type="button" variant="outline" size="sm" disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage || undefined} onClick={() => void pages.fetchNextPage()}>
                  {pages.isFetchingNextPage ? "loading..." : "load more"}
                </Button>
              </li>
            )}
          </ul>
        )}
      </div>
    </>
  );
}

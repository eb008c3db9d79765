"use client";

import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { Megaphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import type { SortingState } from "@/components/ui/data-table";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerSort } from "@/lib/validation/customers";
import type { CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import { CustomerTable } from "@/components/customers/customer-table";
import { CUSTOMER_SEARCH, CustomerCount, CustomerListCard } from "@/components/customers/customer-hub-parts";
import { MarketingExportButton } from "@/components/customers/marketing-export-button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useDebounced } from "@/hooks/use-debounced";
import { QueryError } from "@/components/ui/query-error";
import {
  countLabel,
  DEFAULT_CUSTOMER_ORDER,
  isAddBlocked,
  SEARCH_DEBOUNCE_MS,
  useCustomerPages,
  useIsSmallScreen,
  useSubscriptionUsage,
  type CustomerListParams,
} from "@/components/customers/customer-queries";

// The hub's customer list (spec 1 section 2; issue 23): search, sort and pages on the server. The
// search box sends q to GET /api/customers after a 150 ms pause in typing; the sortable headers send
// sort and order; the first page holds 50 customers and says how many the list holds, and the next
// page is asked for only when the table's rendered rows come near the last one loaded, so a
// business with 100,000 customers never loads more than it scrolls through. The detail dialog
// (forms, validation schemas, tabs) loads the first time it opens, not with the page.

const ExportButton = memo(MarketingExportButton);
const CustomerDetailDialog = dynamic(() => import("@/components/customers/customer-detail-dialog").then((m) => m.CustomerDetailDialog), { ssr: false });

const NO_CUSTOMERS: readonly CustomerDto[] = [];

/** The table's sorting (one column or none) as the API's sort and order; none is newest first. */
function listOrder(sorting: SortingState): Pick<CustomerListParams, "sort" | "order"> {
  const s = sorting[0];
  return s ? { sort: s.id as CustomerSort, order: s.desc ? "desc" : "asc" } : DEFAULT_CUSTOMER_ORDER;
}

export const CustomerList = memo(function CustomerList({ onAddFirst }: { onAddFirst: () => void }) {
  const router = useRouter();
  const usage = useSubscriptionUsage();
  const tapToOpen = useIsSmallScreen();

  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<SortingState>([]);
  const params = useMemo<CustomerListParams>(() => ({ q, ...listOrder(sorting) }), [q, sorting]);
  // A new search or order starts at its first row: scrolled down the old list, go back to the
  // list's top (the new list is one page long; staying would ask for its next pages at once).
  const listTop = useRef<HTMLDivElement>(null);
  const firstParams = useRef(params);
  useEffect(() => {
    if (params === firstParams.current) return;
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
  }, [params]);
  const pages = useCustomerPages(params);

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // The customer as it was when opened: shown if a new search drops them from the loaded rows.
  const [detail, setDetail] = useState<{ id: number; tab: CustomerDetailTab; opened: CustomerDto } | null>(null);
  // Once opened, the dialog stays mounted (its closing animation, its loaded code).
  const detailMounted = useOpenedOnce(detail !== null);

  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.rows) ?? NO_CUSTOMERS, [pages.data]);
  const total = pages.data?.pages[0]?.total ?? null;
  // The rows on screen belong to the search and order asked for (not the previous ones kept
  // on screen while the new ones load).
  const current = !pages.isPlaceholderData;
  // In the list's order (those no longer listed last).
  const selectedIds = useMemo(() => {
    if (selected.size === 0) return [];
    const position = new Map(loaded.map((c, i) => [c.id, i]));
    const at = (id: number) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
    return [...selected].sort((x, y) => at(x) - at(y));
  }, [selected, loaded]);
  const detailCustomer = detail ? (loaded.find((c) => c.id === detail.id) ?? detail.opened) : null;
  const blocked = isAddBlocked(usage.data);
  // A new search or order is loading with the previous rows still on screen.
  const searching = pages.isFetching && !pages.isFetchingNextPage && pages.isSuccess;

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && current) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, current, fetchNextPage]);

  const onToggle = useCallback((id: number, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onToggleAll = useCallback(
    (on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        for (const c of loaded) {
          if (on) next.add(c.id);
          else next.delete(c.id);
        }
        return next;
      }),
    [loaded],
  );
  const onOpen = useCallback((c: CustomerDto, tab: CustomerDetailTab) => setDetail({ id: c.id, tab, opened: c }), []);
  const onProcessTransaction = useCallback((c: CustomerDto) => router.push(`/transactions?add=1&customerId=${c.id}`), [router]);
  const onSendVoucher = useCallback((c: CustomerDto) => router.push(`/vouchers?create=1&customerIds=${c.id}`), [router]);
  const sendPromo = () => router.push(`/vouchers?create=1&customerIds=${selectedIds.join(",")}`);

  return (
    <>
    <CustomerListCard
      cardRef={listTop}
      actions={
        <>
          {selectedIds.length > 0 && (
            <>
              <span className="text-sm text-muted-foreground">{selectedIds.length} selected</span>
              <Button type="button" size="sm" onClick={sendPromo}>
                <Megaphone aria-hidden /> send promo
              </Button>
            </>
          )}
          <ExportButton />
        </>
      }
      search={
        <SearchInput
          {...CUSTOMER_SEARCH}
          value={query}
          onValueChange={setQuery}
          aria-busy={searching}
          trailing={searching && <Spinner label="searching customers" className="absolute top-1/2 right-4 -translate-y-1/2 sm:right-3" />}
        />
      }
      count={<CustomerCount q={pages.isSuccess && current ? q : undefined}>{total && current ? countLabel(total, q !== "") : ""}</CustomerCount>}
    >
      {pages.isError && !pages.isFetchNextPageError ? (
        <QueryError title="could not load customers" error={pages.error} onRetry={() => pages.refetch()} />
      ) : (
        <>
          <CustomerTable
            rows={pages.isPending ? undefined : loaded}
            total={total?.kind === "exact" ? total.count : undefined}
            selected={selected}
            onToggleAll={onToggleAll}
            hasCustomers={q !== "" || loaded.length > 0}
            onAddFirst={onAddFirst}
            addDisabled={blocked}
            tapToOpen={tapToOpen}
            sorting={sorting}
            onSortingChange={setSorting}
            loadingMore={isFetchingNextPage}
            onEndReached={onEndReached}
            onToggle={onToggle}
            onOpen={onOpen}
            onProcessTransaction={onProcessTransaction}
            onSendVoucher={onSendVoucher}
          />
          {pages.isFetchNextPageError && <QueryError title="could not load more customers" error={pages.error} onRetry={() => void fetchNextPage()} />}
        </>
      )}
    </CustomerListCard>
      {detailMounted && (
        <CustomerDetailDialog
          customer={detailCustomer}
          tab={detail?.tab ?? "details"}
          onTabChange={(tab) => setDetail((d) => (d ? { ...d, tab } : d))}
          onClose={() => setDetail(null)}
        />
      )}
    </>
  );
});

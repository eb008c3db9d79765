"use client";

import { memo, useCallback, useDeferredValue, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { Megaphone, Search } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import { CustomerTable, pageOf, Pagination } from "@/components/customers/customer-table";
import { MarketingExportButton } from "@/components/customers/marketing-export-button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { isAddBlocked, useCustomers, useIsSmallScreen, useSubscriptionUsage } from "@/components/customers/customer-queries";

// The hub's customer list (spec 1 section 2): search, table, pages, selection, the detail dialog.
// Search runs in the browser over the whole list with a deferred query over lower-case text
// cached per customer, and the table shows one page of 50 rows, so a business with 10,000
// customers stays responsive while typing. The list arrives a page at a time (useCustomers): the
// first rows show at once, a spinner in the search box says the rest are still coming. The detail
// dialog (forms, validation schemas, tabs) loads the first time it opens, not with the page.

// Typing re-renders the list twice per keystroke (the box at once, the rows when the deferred
// query catches up): the parts that do not depend on the query are memoised so neither render
// redoes them.
const ExportButton = memo(MarketingExportButton);
// The table re-renders only when its page shows other customers (or another prop changes): pages
// of the list arriving behind the first one leave its 50 rows as they are.
const sameRows = (a: readonly CustomerDto[] | undefined, b: readonly CustomerDto[] | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((c, i) => c === b[i]));
const Table = memo(CustomerTable, (prev, next) =>
  (Object.keys(next) as (keyof typeof next)[]).every((k) => (k === "rows" ? sameRows(prev.rows, next.rows) : Object.is(prev[k], next[k]))),
);

const CustomerDetailDialog = dynamic(() => import("@/components/customers/customer-detail-dialog").then((m) => m.CustomerDetailDialog), { ssr: false });

/** The lower-case text a search looks in, worked out once per customer object (the list keeps its
 *  objects while pages arrive and between keystrokes). */
const searchText = new WeakMap<object, string>();
function haystack(c: { name: string; email: string }): string {
  let hay = searchText.get(c);
  if (hay === undefined) {
    hay = `${c.name}\n${c.email}`.toLowerCase();
    searchText.set(c, hay);
  }
  return hay;
}

/** Case-insensitive match on name or email; an empty query is the list itself. */
export function filterCustomers<T extends { name: string; email: string }>(customers: readonly T[], query: string): readonly T[] {
  const q = query.trim().toLowerCase();
  if (!q) return customers;
  const out: T[] = [];
  for (const c of customers) if (haystack(c).includes(q)) out.push(c);
  return out;
}

const NO_CUSTOMERS: readonly CustomerDto[] = [];

export const CustomerList = memo(function CustomerList({ onAddFirst }: { onAddFirst: () => void }) {
  const router = useRouter();
  const customers = useCustomers();
  const usage = useSubscriptionUsage();
  const tapToOpen = useIsSmallScreen();

  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [detail, setDetail] = useState<{ id: number; tab: CustomerDetailTab } | null>(null);
  // Once opened, the dialog stays mounted (its closing animation, its loaded code).
  const detailMounted = useOpenedOnce(detail !== null);

  const all = customers.data ?? NO_CUSTOMERS;
  const filtered = useMemo(() => filterCustomers(all, deferredQuery), [all, deferredQuery]);
  const { rows, page: currentPage, pageCount } = useMemo(() => pageOf(filtered, page), [filtered, page]);

  const selectedIds = useMemo(() => (selected.size === 0 ? [] : all.filter((c) => selected.has(c.id)).map((c) => c.id)), [all, selected]);
  const detailCustomer = detail ? (customers.data?.find((c) => c.id === detail.id) ?? null) : null;
  const blocked = isAddBlocked(usage.data);
  // Rows are on screen and more (or a fresh copy) are on the way.
  const stillLoading = customers.isSuccess && customers.isFetching;

  const onToggle = useCallback((id: number, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onTogglePage = useCallback(
    (on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        for (const c of rows) {
          if (on) next.add(c.id);
          else next.delete(c.id);
        }
        return next;
      }),
    [rows],
  );
  const onOpen = useCallback((c: CustomerDto, tab: CustomerDetailTab) => setDetail({ id: c.id, tab }), []);
  const onProcessTransaction = useCallback((c: CustomerDto) => router.push(`/transactions?add=1&customerId=${c.id}`), [router]);
  const onSendVoucher = useCallback((c: CustomerDto) => router.push(`/vouchers?create=1&customerIds=${c.id}`), [router]);
  const sendPromo = () => router.push(`/vouchers?create=1&customerIds=${selectedIds.join(",")}`);

  return (
    <>
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>your customers</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {selectedIds.length > 0 && (
            <>
              <span className="text-sm text-muted-foreground">{selectedIds.length} selected</span>
              <Button type="button" size="sm" onClick={sendPromo}>
                <Megaphone aria-hidden /> send promo
              </Button>
            </>
          )}
          {/* Only the whole list can be exported: the button waits for the last page. */}
          <ExportButton customers={customers.isFetching ? undefined : customers.data} />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 px-2 sm:px-6">
        <div className="relative px-1 sm:px-0">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground sm:left-3" aria-hidden />
          <Input
            type="search"
            aria-label="search customers by name or email"
            placeholder="search by name or email"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
            className="pl-9 pr-9"
            aria-busy={stillLoading}
          />
          {/* Inside the box, so the table does not move when it comes and goes. */}
          {stillLoading && (
            <Spinner
              label={`loading customers: ${(customers.data?.length ?? 0).toLocaleString("en-GB")} so far`}
              className="absolute top-1/2 right-4 -translate-y-1/2 sm:right-3"
            />
          )}
        </div>
        {customers.isError ? (
          <Alert variant="destructive">
            <AlertTitle>could not load customers</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(customers.error)}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => customers.refetch()}>
                try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <Table
              rows={customers.isPending ? undefined : rows}
              selected={selected}
              onTogglePage={onTogglePage}
              hasCustomers={all.length > 0}
              onAddFirst={onAddFirst}
              addDisabled={blocked}
              tapToOpen={tapToOpen}
              onToggle={onToggle}
              onOpen={onOpen}
              onProcessTransaction={onProcessTransaction}
              onSendVoucher={onSendVoucher}
            />
            <Pagination page={currentPage} pageCount={pageCount} total={filtered.length} onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
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

"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { SearchBox } from "@/components/ui/search-box";
import { Skeleton } from "@/components/ui/skeleton";
import { errorStatus } from "@/lib/client/api";
import { cn } from "@/lib/utils";
import type { StaffCustomer, StaffCustomerPage, StaffTransaction } from "@/lib/staff/types";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { useJson } from "@/components/portal/use-json";
import { useStaffCustomers } from "@/components/staff/use-staff-customers";
import { StaffCustomerPanel, type StaffPanelIcons } from "@/components/staff/staff-customer-panel";

// The staff API (spec 3 section 3); not through lib/client/query-keys: no query library here, and
// that factory's every key would come with it (issue 23).
const transactionsUrl = (customerId: number) => `/api/staff/transactions?customerId=${customerId}`;

/** The icons the finder shows, drawn by the server (InlineIcon's table is not in the island's code). */
export type StaffFinderIcons = StaffPanelIcons & { search: ReactNode; back: ReactNode };

/** The staff dashboard's search, customer list and selected customer (the page's one client
 *  island besides Sign Out). Issue 23: the server searches and pages the list (a business may have
 *  100,000 customers); `start` is its first page, read with the page. No query library. */
export function StaffCustomerFinder({ start, icons }: { start?: StaffCustomerPage; icons: StaffFinderIcons }) {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<StaffCustomer | null>(null);
  const customers = useStaffCustomers(search, start);
  const list = customers.list;
  // The picked customer as the list last read them (a transaction changes their points).
  const selected = picked && (list?.customers.find((c) => c.id === picked.id) ?? picked);
  // Each customer's last transactions, kept while others are shown; a recorded transaction marks them all stale.
  const transactions = useJson<StaffTransaction[]>(selected ? transactionsUrl(selected.id) : null);
  const recorded = () => {
    transactions.reload();
    customers.reload();
    // Picked from an earlier search: read them by their number.
    if (selected && !list?.customers.some((c) => c.id === selected.id)) void customers.refresh(selected).then((c) => c && setPicked(c));
  };

  // A session ended elsewhere (logout, the owner removed this login, suspension): back to sign-in.
  useEffect(() => {
    if (errorStatus(customers.error) === 401) router.replace("/staff/login");
  }, [customers.error, router]);

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-4 p-4 sm:p-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Customers" className={cn("grid content-start gap-3", selected && "hidden md:grid")}>
        <SearchBox icon={icons.search} aria-label="Search customers by name, email or membership number" placeholder="Search by name, email or membership number" value={search} onValueChange={setSearch} />
        {customers.error !== undefined && !customers.loadingMore ? (
          <p className="text-sm text-destructive">Could not load customers.</p>
        ) : !list ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : list.customers.length === 0 ? (
          <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground" aria-busy={customers.searching}>
            {list.q ? "No customers match your search." : "No customers yet."}
          </p>
        ) : (
          <>
            <ul className={cn("grid gap-2", customers.searching && "opacity-60")} aria-busy={customers.searching}>
              {list.customers.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => setPicked(c)}
                    aria-pressed={c.id === selected?.id}
                    className={cn(
                      "grid w-full gap-0.5 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                      c.id === selected?.id && "border-primary bg-primary/5",
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="min-w-0 truncate font-medium">{c.name}</span>
                      <span className="shrink-0 text-xs font-semibold tabular-nums">{c.pointsBalance.toLocaleString("en-GB")} pts</span>
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{c.email}</span>
                    <span className="font-mono text-xs text-muted-foreground">#{formatMembershipNumber(c.membershipNumber)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {list.next && (
              <Button variant="outline" onClick={customers.loadMore} disabled={customers.loadingMore}>
                {customers.loadingMore ? "Loading..." : "Load more customers"}
              </Button>
            )}
          </>
        )}
      </section>
      <section aria-label="Selected customer" className="grid content-start gap-3">
        {selected ? (
          <>
            <Button variant="ghost" size="sm" className="w-fit md:hidden" onClick={() => setPicked(null)}>
              {icons.back} Back to customers
            </Button>
            <StaffCustomerPanel key={selected.id} customer={selected} transactions={transactions} onRecorded={recorded} icons={icons} />
          </>
        ) : (
          <Card className="hidden md:flex">
            <CardContent className="py-10 text-center text-sm text-muted-foreground">Select a customer to see their points and transactions.</CardContent>
          </Card>
        )}
      </section>
    </main>
  );
}

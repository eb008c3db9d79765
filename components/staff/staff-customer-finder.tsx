"use client";

import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Card, CardContent } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorStatus } from "@/lib/client/api";
import { cn } from "@/lib/utils";
import type { StaffCustomer, StaffTransaction } from "@/lib/staff/types";
import { filterStaffCustomers } from "@/lib/staff/filter-staff-customers";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { useJson } from "@/components/portal/use-json";
import { StaffCustomerPanel } from "@/components/staff/staff-customer-panel";

// The staff API (spec 3 section 3); not through lib/client/query-keys: no query library here, and
// that factory's every key would come with it (issue 23).
const CUSTOMERS_URL = "/api/staff/customers";
const transactionsUrl = (customerId: number) => `/api/staff/transactions?customerId=${customerId}`;

/** The staff dashboard's search, customer list and selected customer (the page's one client
 *  island besides Sign Out). No query library (issue 23): the list is the server's first answer,
 *  asked again after a transaction. */
export function StaffCustomerFinder({ initialCustomers }: { initialCustomers?: StaffCustomer[] }) {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const customers = useJson<StaffCustomer[]>(CUSTOMERS_URL, initialCustomers ? { url: CUSTOMERS_URL, data: initialCustomers } : undefined);
  const shown = useMemo(() => filterStaffCustomers(customers.data ?? [], search), [customers.data, search]);
  const selected = customers.data?.find((c) => c.id === selectedId) ?? null;
  // Each customer's last transactions, kept while others are shown; a recorded transaction marks them all stale.
  const transactions = useJson<StaffTransaction[]>(selected ? transactionsUrl(selected.id) : null);
  const recorded = () => {
    transactions.reload();
    customers.reload();
  };

  // A session ended elsewhere (logout, the owner removed this login, suspension): back to sign-in.
  useEffect(() => {
    if (errorStatus(customers.error) === 401) router.replace("/staff/login");
  }, [customers.error, router]);

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-4 p-4 sm:p-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Customers" className={cn("grid content-start gap-3", selected && "hidden md:grid")}>
        <SearchInput aria-label="Search customers by name, email or membership number" placeholder="Search by name, email or membership number" value={search} onValueChange={setSearch} />
        {customers.pending ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : customers.error !== undefined ? (
          <p className="text-sm text-destructive">Could not load customers.</p>
        ) : shown.length === 0 ? (
          <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{search ? "No customers match your search." : "No customers yet."}</p>
        ) : (
          <ul className="grid gap-2">
            {shown.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(c.id)}
                  aria-pressed={c.id === selectedId}
                  className={cn(
                    "grid w-full gap-0.5 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    c.id === selectedId && "border-primary bg-primary/5",
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
        )}
      </section>
      <section aria-label="Selected customer" className="grid content-start gap-3">
        {selected ? (
          <>
            <Button variant="ghost" size="sm" className="w-fit md:hidden" onClick={() => setSelectedId(null)}>
              <InlineIcon name="arrow-left" className="h-4 w-4" /> Back to customers
            </Button>
            <StaffCustomerPanel key={selected.id} customer={selected} transactions={transactions} onRecorded={recorded} />
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

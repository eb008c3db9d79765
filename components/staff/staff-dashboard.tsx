"use client";

import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { apiRequest, errorStatus } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { PRODUCT_NAME } from "@/lib/product";
import { cn } from "@/lib/utils";
import type { StaffCustomer } from "@/lib/staff/types";
import { StaffCustomerPanel } from "@/components/staff/staff-customer-panel";
import { formatMembershipNumber, membershipNumberMatches } from "@/lib/rules/membership-number";

type Header = { username: string; businessName: string; businessId: number };

/** Name, email or membership number contains the search text (client-side filter, spec 3 section 2). */
export function filterStaffCustomers(customers: StaffCustomer[], search: string): StaffCustomer[] {
  const q = search.trim().toLowerCase();
  if (!q) return customers;
  return customers.filter((c) => c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q) || membershipNumberMatches(c.membershipNumber, q));
}

/** /staff/dashboard: find a customer, see their panel, record a purchase or bonus points. */
export function StaffDashboard({ header }: { header: Header }) {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const customers = useQuery<StaffCustomer[]>({ queryKey: queryKeys.staffCustomers });
  const shown = useMemo(() => filterStaffCustomers(customers.data ?? [], search), [customers.data, search]);
  const selected = customers.data?.find((c) => c.id === selectedId) ?? null;

  // A session ended elsewhere (logout, the owner removed this login, suspension): back to sign-in.
  useEffect(() => {
    if (errorStatus(customers.error) === 401) router.replace("/staff/login");
  }, [customers.error, router]);

  const signOut = async () => {
    setSigningOut(true);
    await apiRequest("POST", "/api/staff/logout").catch(() => undefined);
    router.push("/staff/login");
    router.refresh();
  };

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card px-3 sm:px-4">
        <span className="hidden font-bold text-primary sm:inline">{PRODUCT_NAME}</span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium sm:ml-4">
          {header.businessName} · Staff Portal
        </span>
        <span className="hidden text-sm text-muted-foreground md:inline">{header.username}</span>
        <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={signingOut}>
          <LogOut className="h-4 w-4" aria-hidden /> {signingOut ? "Signing out..." : "Sign Out"}
        </Button>
      </header>
      <main className="mx-auto grid w-full max-w-6xl flex-1 gap-4 p-4 sm:p-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-label="Customers" className={cn("grid content-start gap-3", selected && "hidden md:grid")}>
          <SearchInput aria-label="Search customers by name, email or membership number" placeholder="Search by name, email or membership number" value={search} onValueChange={setSearch} />
          {customers.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : customers.isError ? (
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
                <ArrowLeft className="h-4 w-4" aria-hidden /> Back to customers
              </Button>
              <StaffCustomerPanel key={selected.id} customer={selected} />
            </>
          ) : (
            <Card className="hidden md:flex">
              <CardContent className="py-10 text-center text-sm text-muted-foreground">Select a customer to see their points and transactions.</CardContent>
            </Card>
          )}
        </section>
      </main>
    </div>
  );
}

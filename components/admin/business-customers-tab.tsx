"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, apiRequest, errorMessage } from "@/lib/client/api";
import { useDebounced } from "@/hooks/use-debounced";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminCustomerDto } from "@/lib/admin/admin-customers";
import { formatDate } from "@/lib/rules/format";
import { LoadingRows } from "@/components/admin/admin-ui";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

type CustomerPatch = { emailConsent?: boolean; smsConsent?: boolean; isActive?: boolean };

/** Customers a page (issue 23: a business may have 100,000; the tab reads them a page at a time). */
export const ADMIN_CUSTOMERS_PAGE_SIZE = 50;
const SEARCH_PAUSE_MS = 150;

type CustomerPage = { customers: AdminCustomerDto[]; next: string | null };

export const adminCustomerPageUrl = (businessId: number, q: string, cursor: string | null) =>
  `${queryKeys.adminBusinessCustomers(businessId)[0]}?limit=${ADMIN_CUSTOMERS_PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ""}${cursor ? `&cursor=${cursor}` : ""}`;

async function fetchCustomerPage(businessId: number, q: string, cursor: string | null): Promise<CustomerPage> {
  const res = await apiRequest("GET", adminCustomerPageUrl(businessId, q, cursor));
  return { customers: (await res.json()) as AdminCustomerDto[], next: res.headers.get("x-next-cursor") || null };
}

/** A business's customers: consent toggles, the active flag and permanent deletion; searched and
 *  paged on the server. */
export function BusinessCustomersTab({ businessId }: { businessId: number }) {
  const qc = useQueryClient();
  const router = useRouter();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const customers = useInfiniteQuery({
    queryKey: [...queryKeys.adminBusinessCustomers(businessId), "pages", q],
    queryFn: ({ pageParam }) => fetchCustomerPage(businessId, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CustomerPage) => last.next,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => customers.data?.pages.flatMap((p) => p.customers) ?? [], [customers.data]);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.adminBusinessCustomers(businessId) });
    void qc.invalidateQueries({ queryKey: queryKeys.adminBusinessStats(businessId) });
    void qc.invalidateQueries({ queryKey: queryKeys.adminBusinesses });
    // "With customers" on the overview is drawn on the server.
    router.refresh();
  };
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: CustomerPatch }) => apiJson("PUT", `/api/admin/customers/${id}`, patch),
    onSuccess: () => {
      toast({ title: "Customer Updated" });
      refresh();
    },
    onError: (e) => toast({ title: "Update Failed", description: errorMessage(e, "Failed to update customer"), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiJson("DELETE", `/api/admin/customers/${id}`),
    onSuccess: () => {
      toast({ title: "Customer Deleted" });
      refresh();
    },
    onError: (e) => toast({ title: "Delete Failed", description: errorMessage(e, "Failed to delete customer"), variant: "destructive" }),
  });

  if (customers.isPending) return <LoadingRows />;
  if (customers.isError) return <p className="text-sm text-destructive">Could not load the customers.</p>;
  if (rows.length === 0 && q === "") return <p className="text-sm text-muted-foreground">This business has no customers yet.</p>;
  return (
    <div className="grid gap-3">
      <SearchInput
        aria-label="Search this business's customers by name, email or membership number"
        placeholder="Search by name, email or membership number"
        value={search}
        onValueChange={setSearch}
      />
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No customers match your search.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Customer</TableHead>
              <TableHead>Points</TableHead>
              <TableHead>Email consent</TableHead>
              <TableHead>SMS consent</TableHead>
              <TableHead>Active</TableHead>
              <TableHead>
                <span className="sr-only">Delete</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <div className="font-medium">{c.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {formatMembershipNumber(c.membershipNumber)} · {c.email} · joined {formatDate(c.joinedDate)}
                  </div>
                </TableCell>
                <TableCell>
                  {c.pointsBalance} <span className="text-xs text-muted-foreground">(£{c.lifetimeSpent})</span>
                </TableCell>
                <TableCell>
                  <Switch aria-label={`Email consent for ${c.name}`} checked={c.emailConsent} disabled={update.isPending} onCheckedChange={(v) => update.mutate({ id: c.id, patch: { emailConsent: v } })} />
                </TableCell>
                <TableCell>
                  <Switch aria-label={`SMS consent for ${c.name}`} checked={c.smsConsent} disabled={update.isPending} onCheckedChange={(v) => update.mutate({ id: c.id, patch: { smsConsent: v } })} />
                </TableCell>
                <TableCell>
                  <Switch aria-label={`${c.name} is active`} checked={c.isActive} disabled={update.isPending} onCheckedChange={(v) => update.mutate({ id: c.id, patch: { isActive: v } })} />
                </TableCell>
                <TableCell>
                  <ConfirmButton
                    title={`delete ${c.name} permanently?`}
                    description="Their card, points, transactions and vouchers are deleted. This cannot be undone."
                    confirmLabel="Delete permanently"
                    pendingLabel="Deleting…"
                    destructive
                    onConfirm={() => remove.mutateAsync(c.id)}
                    label="Delete"
                    button={{ variant: "outline", size: "sm" }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {customers.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          onClick={() => void customers.fetchNextPage()}
          disabled={customers.isFetchingNextPage}
          aria-busy={customers.isFetchingNextPage || undefined}
        >
          {customers.isFetchingNextPage ? "Loading…" : "Load more customers"}
        </Button>
      ) : null}
    </div>
  );
}

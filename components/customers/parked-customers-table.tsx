"use client";

import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { formatDate } from "@/lib/rules/format";
import { daysUntilDeletion, parkedReasonLabel } from "@/lib/rules/customer-status";
import { useParkedCustomers, type ParkedCustomer } from "@/components/customers/customer-queries";
import { pageOf, Pagination } from "@/components/ui/pagination";

// Spec 1 sections 2 and 4: customers parked by the trial limit or a failed payment, with the days
// left before deletion. Each can be reactivated once, through a paid checkout. On the shared
// DataTable (a card a customer on phones), ten at a time.

/** Sends the browser to the checkout page; overridable in tests (jsdom cannot navigate). */
export const browser = { assign: (url: string) => window.location.assign(url) };

type Checkout = { start: (id: number) => void; busyId: number | null };

function ReactivateButton({ customer, checkout }: { customer: ParkedCustomer; checkout: Checkout }) {
  if (customer.hasBeenReactivated) {
    return (
      <div className="flex flex-col items-end gap-1">
        <Button type="button" size="sm" variant="outline" disabled>
          reactivate
        </Button>
        <span className="max-w-[14rem] text-right text-xs whitespace-normal text-muted-foreground">
          already reactivated once: parking again is final
        </span>
      </div>
    );
  }
  // One checkout at a time; the buttons stay disabled after success too, while the browser leaves.
  const busy = checkout.busyId === customer.id;
  return (
    <Button type="button" size="sm" disabled={checkout.busyId !== null} aria-busy={busy || undefined} onClick={() => checkout.start(customer.id)}>
      {busy ? "redirecting..." : "reactivate"}
    </Button>
  );
}

const rowId = (p: ParkedCustomer) => String(p.id);

function parkedColumns(checkout: Checkout): ColumnDef<ParkedCustomer, unknown>[] {
  return [
    {
      id: "customer",
      header: "customer",
      cell: ({ row: { original: p } }) => (
        <>
          <div className="font-medium">{p.name}</div>
          <div className="text-xs text-muted-foreground">{p.email}</div>
        </>
      ),
    },
    { id: "membershipNumber", header: "membership number", cell: ({ row }) => row.original.membershipNumber, meta: { className: "font-mono text-xs" } },
    { id: "reason", header: "reason", cell: ({ row }) => parkedReasonLabel(row.original.parkedReason) },
    { id: "parkedAt", header: "parked on", cell: ({ row }) => (row.original.parkedAt ? formatDate(row.original.parkedAt) : "") },
    {
      id: "days",
      header: "days until deletion",
      cell: ({ row }) => {
        const days = daysUntilDeletion(row.original);
        return <span data-testid="days-until-deletion">{days === null ? "-" : days}</span>;
      },
      meta: { className: "text-right tabular-nums", headClassName: "text-right" },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">actions</span>,
      cell: ({ row }) => <ReactivateButton customer={row.original} checkout={checkout} />,
      meta: { className: "text-right", headClassName: "text-right" },
    },
  ];
}

/** Parked customers shown at once; a business can have hundreds, and the section sits below the hub. */
const PARKED_PAGE_SIZE = 10;

export function ParkedCustomersTable() {
  const parked = useParkedCustomers();
  const [page, setPage] = useState(0);
  const checkout = useMutation({
    mutationFn: (id: number) => apiJson<{ url?: string }>("POST", "/api/create-checkout-session", { reactivateCustomerId: id }),
    onSuccess: (res) => {
      if (res?.url) browser.assign(res.url);
      else toast({ variant: "destructive", title: "Error starting reactivation", description: "Failed to create checkout session" });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Error starting reactivation", description: errorMessage(error, "Failed to create checkout session") }),
  });
  const start = checkout.mutate;
  const busyId = checkout.isPending || (checkout.isSuccess && checkout.data?.url) ? (checkout.variables ?? null) : null;
  const actions = useMemo(() => ({ start, busyId }), [start, busyId]);
  const columns = useMemo(() => parkedColumns(actions), [actions]);
  // Nothing parked (or the list is unavailable): the section is not shown at all.
  if (!parked.data || parked.data.length === 0) return null;
  const { rows, page: current, pageCount } = pageOf(parked.data, page, PARKED_PAGE_SIZE);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>parked customers</CardTitle>
        <CardDescription>
          parked because of the trial limit or a failed payment. each can be reactivated once; if parked again, it is final and the
          customer is deleted after 28 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable
          columns={columns}
          data={rows}
          getRowId={rowId}
          aria-label="parked customers"
          rowProps={() => ({ "data-testid": "parked-row" })}
          empty={null}
        />
        <Pagination page={current} pageCount={pageCount} total={parked.data.length} onPageChange={setPage} pageSize={PARKED_PAGE_SIZE} label="parked customer pages" />
      </CardContent>
    </Card>
  );
}

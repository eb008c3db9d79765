"use client";

import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { formatDate } from "@/lib/utils";
import { daysUntilDeletion, parkedReasonLabel } from "@/lib/rules/customer-status";
import { useParkedCustomers, type ParkedCustomer } from "@/components/customers/customer-queries";
import { pageOf, Pagination } from "@/components/customers/customer-table";

// Spec 1 sections 2 and 4: customers parked by the trial limit or a failed payment, with the days
// left before deletion. Each can be reactivated once, through a paid checkout.

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
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>customer</TableHead>
              <TableHead>membership number</TableHead>
              <TableHead>reason</TableHead>
              <TableHead>parked on</TableHead>
              <TableHead className="text-right">days until deletion</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((p) => {
              const days = daysUntilDeletion(p);
              return (
                <TableRow key={p.id} data-testid="parked-row">
                  <TableCell>
                    <div className="font-medium">{p.name}</div>
                    <div className="text-xs text-muted-foreground">{p.email}</div>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{p.membershipNumber}</TableCell>
                  <TableCell>{parkedReasonLabel(p.parkedReason)}</TableCell>
                  <TableCell>{p.parkedAt ? formatDate(p.parkedAt) : ""}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="days-until-deletion">
                    {days === null ? "-" : days}
                  </TableCell>
                  <TableCell className="text-right">
                    <ReactivateButton customer={p} checkout={actions} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Pagination page={current} pageCount={pageCount} total={parked.data.length} onPageChange={setPage} pageSize={PARKED_PAGE_SIZE} label="parked customer pages" />
      </CardContent>
    </Card>
  );
}

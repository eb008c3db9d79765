"use client";

import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminCustomerDto } from "@/lib/admin/admin-customers";
import { formatDate } from "@/lib/rules/format";
import { LoadingRows, useAdminQuery } from "@/components/admin/admin-ui";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

type CustomerPatch = { emailConsent?: boolean; smsConsent?: boolean; isActive?: boolean };

/** A business's customers: consent toggles, the active flag and permanent deletion. */
export function BusinessCustomersTab({ businessId }: { businessId: number }) {
  const qc = useQueryClient();
  const router = useRouter();
  const customers = useAdminQuery<AdminCustomerDto[]>(queryKeys.adminBusinessCustomers(businessId));
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
  const rows = customers.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">This business has no customers yet.</p>;
  return (
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
  );
}

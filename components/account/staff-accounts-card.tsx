"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Trash2, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { SkeletonBlocks } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDate, formatDateTime } from "@/lib/rules/format";
import { CopyLink } from "@/components/account/copy-link";
import { useOrigin } from "@/components/account/use-origin";
import type { StaffAccountDto, StaffListDto } from "@/lib/staff/staff-dto";
import { QueryState } from "@/components/ui/query-error";
import { RowAction } from "@/components/ui/row-action";

// Staff logins (issue 6): the owner creates, resets and removes them; staff sign in at
// /staff/login?business={id} with the business ID, their username and password.

// The three dialogs (form library, validation schemas, alert dialog) are fetched when the card
// mounts instead of with the page.
const staffDialogs = preloadable(() =>
  Promise.all([import("@/components/account/staff-dialogs"), import("@/components/ui/confirm-dialog")]).then(([staff, confirm]) => ({
    CreateStaffDialog: staff.CreateStaffDialog,
    ResetStaffPasswordDialog: staff.ResetStaffPasswordDialog,
    ConfirmDialog: confirm.ConfirmDialog,
  })),
);

export function StaffAccountsCard({ initial }: { initial?: StaffListDto }) {
  const origin = useOrigin();
  const queryClient = useQueryClient();
  const staff = useQuery<StaffListDto>({ queryKey: queryKeys.staffAccounts, initialData: initial });
  const dialogs = usePreloaded(staffDialogs);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffAccountDto | null>(null);
  const [removing, setRemoving] = useState<StaffAccountDto | null>(null);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.staffAccounts }), queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs })]);

  const remove = useMutation({
    mutationFn: (s: StaffAccountDto) => apiJson("DELETE", `/api/business/staff/${s.id}`),
    onSuccess: (_r, s) => {
      toast({ title: "Staff login removed", description: `${s.username} can no longer sign in.` });
      void refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error removing staff login", description: serverMessage(error, "Failed to remove the staff login") }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>staff logins</CardTitle>
        <CardDescription>your team signs in to the staff portal with the business ID, their username and password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={staff}
          loading={<SkeletonBlocks label="Loading staff logins" heights={["h-10", "h-24"]} />}
          errorTitle="could not load your staff logins"
        >
          {(data) => (
            <>
              <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-end">
                <div className="rounded-lg border bg-muted/40 px-3 py-2">
                  <p className="text-xs text-muted-foreground">business ID</p>
                  <p className="font-mono text-lg font-semibold" data-testid="staff-business-id">
                    {data.businessId}
                  </p>
                </div>
                <CopyLink label="staff login link" value={`${origin}${data.loginPath}`} />
              </div>
              {data.staff.length === 0 ? (
                <p className="text-sm text-muted-foreground">no staff logins yet.</p>
              ) : (
                <Table>
                  <TableColumns columns={["username", "created", "last sign-in", { label: "actions", className: "text-right" }]} />
                  <TableBody>
                    {data.staff.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell className="font-medium">{s.username}</TableCell>
                        <TableCell>{formatDate(s.createdAt)}</TableCell>
                        <TableCell>{s.lastLoginAt ? formatDateTime(s.lastLoginAt) : "never"}</TableCell>
                        <TableCell className="text-right">
                          <div className="flex justify-end gap-1">
                            <RowAction icon={KeyRound} label="reset password" onClick={() => setResetting(s)} aria-label={`reset password of ${s.username}`} />
                            <RowAction icon={Trash2} label="remove" destructive onClick={() => setRemoving(s)} aria-label={`remove ${s.username}`} />
                          </div>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <div>
                <Button type="button" onClick={() => setCreating(true)}>
                  <UserPlus aria-hidden /> add staff login
                </Button>
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
      {dialogs && (
        <>
          <dialogs.CreateStaffDialog open={creating} onOpenChange={setCreating} onCreated={() => void refresh()} />
          <dialogs.ResetStaffPasswordDialog staff={resetting} onClose={() => setResetting(null)} onReset={() => void refresh()} />
          <dialogs.ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title="remove staff login?"
            description={removing ? `${removing.username} will be signed out and can no longer sign in to the staff portal.` : undefined}
            confirmLabel="remove"
            pendingLabel="removing..."
            destructive
            onConfirm={async () => {
              if (removing) await remove.mutateAsync(removing);
            }}
          />
        </>
      )}
    </Card>
  );
}

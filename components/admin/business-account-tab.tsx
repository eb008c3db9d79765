"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { SUBSCRIPTION_STATUSES } from "@/lib/validation/admin";
import { formatDateTime } from "@/lib/rules/format";
import { selectClass } from "@/components/admin/admin-ui";
import { onSubmitted } from "@/components/forms/on-submitted";

type Fields = { name: string; email: string; phone: string; customerLimit: string; pointsPerPound: string; redemptionValue: string; subscriptionStatus: string; subscriptionPrice: string };

const fieldsOf = (b: AdminBusinessDto): Fields => ({
  name: b.name,
  email: b.email,
  phone: b.phone,
  customerLimit: String(b.customerLimit),
  pointsPerPound: String(b.pointsPerPound),
  redemptionValue: b.redemptionValue,
  subscriptionStatus: b.subscriptionStatus,
  subscriptionPrice: b.subscriptionPrice ?? "",
});

/** Only the fields that changed, in the shapes PUT /api/admin/businesses/{id} takes. */
export function changedBusinessFields(before: Fields, after: Fields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Fields)[]) {
    if (after[key].trim() === before[key].trim()) continue;
    if (key === "subscriptionPrice") out[key] = after[key].trim() || null;
    else out[key] = after[key].trim();
  }
  return out;
}

const LABELS: { key: Exclude<keyof Fields, "subscriptionStatus">; label: string; inputMode?: "decimal" | "numeric" | "email" | "tel" }[] = [
  { key: "name", label: "Business name" },
  { key: "email", label: "Email", inputMode: "email" },
  { key: "phone", label: "Phone", inputMode: "tel" },
  { key: "customerLimit", label: "Customer limit", inputMode: "numeric" },
  { key: "pointsPerPound", label: "Points per pound", inputMode: "decimal" },
  { key: "redemptionValue", label: "Redemption value (£ per 100 points)", inputMode: "decimal" },
  { key: "subscriptionPrice", label: "Monthly price (£, empty for the default)", inputMode: "decimal" },
];

/** Edit a business, change its account state, founder toggle, reset link and 'log in as'. */
export function BusinessAccountTab({ business }: { business: AdminBusinessDto }) {
  const qc = useQueryClient();
  const router = useRouter();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(business));
  const [resetLink, setResetLink] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.adminBusinesses });
    void qc.invalidateQueries({ queryKey: queryKeys.adminStats });
    // The overview's platform numbers and onboarding counts are drawn on the server.
    router.refresh();
  };

  const update = useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiJson<{ business: AdminBusinessDto }>("PUT", `/api/admin/businesses/${business.id}`, patch),
    onSuccess: (r) => {
      toast({ title: "Business Updated" });
      if (r?.business) setFields(fieldsOf(r.business));
      refresh();
    },
    onError: (e) => toast({ title: "Update Failed", description: errorMessage(e, "Failed to update business"), variant: "destructive" }),
  });
  const reset = useMutation({
    mutationFn: () => apiJson<{ resetLink?: string; url?: string }>("PUT", `/api/admin/businesses/${business.id}`, { action: "reset_password" }),
    onSuccess: (r) => {
      setResetLink(r?.resetLink ?? r?.url ?? null);
      toast({ title: "Reset Link Created", description: "It expires in 1 hour." });
    },
    onError: (e) => toast({ title: "Error", description: errorMessage(e, "Failed to create a reset link"), variant: "destructive" }),
  });
  const loginAs = useMutation({
    mutationFn: () => apiJson("POST", `/api/admin/login-as/${business.id}`),
    onSuccess: () => {
      // The session now acts as the business: drop the admin's cached reads before entering its workspace.
      qc.clear();
      router.push("/dashboard");
    },
    onError: (e) => toast({ title: "Error", description: errorMessage(e, "Failed to log in as this business"), variant: "destructive" }),
  });

  const patch = changedBusinessFields(fieldsOf(business), fields);
  const suspended = business.accountStatus === "suspended";
  const closed = business.accountStatus === "closed";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Account:</span>
        <Badge variant={business.accountStatus === "active" ? "success" : "destructive"}>{business.accountStatus}</Badge>
        {business.statusChangedAt && (
          <span className="text-muted-foreground">
            changed {formatDateTime(business.statusChangedAt)}
            {business.statusChangedBy ? ` by ${business.statusChangedBy}` : ""}
          </span>
        )}
      </div>

      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={onSubmitted(() => {
          if (Object.keys(patch).length) update.mutate(patch);
        })}
      >
        {LABELS.map(({ key, label, inputMode }) => (
          <div key={key} className="min-w-0 space-y-1">
            <Label htmlFor={`biz-${key}`}>{label}</Label>
            <Input id={`biz-${key}`} inputMode={inputMode} value={fields[key]} onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))} />
          </div>
        ))}
        <div className="min-w-0 space-y-1">
          <Label htmlFor="biz-subscriptionStatus">Subscription status</Label>
          <select id="biz-subscriptionStatus" className={selectClass} value={fields.subscriptionStatus} onChange={(e) => setFields((f) => ({ ...f, subscriptionStatus: e.target.value }))}>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" disabled={update.isPending || Object.keys(patch).length === 0}>
            {update.isPending ? "Saving…" : "Save changes"}
          </Button>
        </div>
      </form>

      <div className="flex items-center justify-between gap-3 border-t pt-4">
        <div>
          <Label htmlFor="founder-toggle">Founder member</Label>
          <p className="text-xs text-muted-foreground">On: pro_max with 999999 customers. Off: a pro_starter business goes back to 10.</p>
        </div>
        <Switch id="founder-toggle" checked={business.isFounderMember} disabled={update.isPending} onCheckedChange={(v) => update.mutate({ isFounderMember: v })} />
      </div>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button variant="outline" disabled={update.isPending || closed} onClick={() => update.mutate({ accountStatus: suspended ? "active" : "suspended" })}>
          {suspended ? "Unsuspend" : "Suspend"}
        </Button>
        {closed ? (
          <Button variant="outline" disabled={update.isPending} onClick={() => update.mutate({ accountStatus: "active" })}>
            Reopen account
          </Button>
        ) : (
          <ConfirmButton
            title={`close ${business.name}?`}
            description="The owner sees the closed-account message and cannot use the app."
            confirmLabel="Close account"
            pendingLabel="Closing…"
            destructive
            onConfirm={() => update.mutateAsync({ accountStatus: "closed" })}
            label="Close account"
            button={{ variant: "destructive" }}
          />
        )}
        <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
          {reset.isPending ? "Creating…" : "Password reset link"}
        </Button>
        <Button disabled={loginAs.isPending} onClick={() => loginAs.mutate()}>
          {loginAs.isPending ? "Logging in…" : "Log in as"}
        </Button>
      </div>
      {resetLink && (
        <div className="space-y-1 rounded-md border p-3 text-sm">
          <p className="font-medium">Password reset link (expires in 1 hour)</p>
          <Input readOnly value={resetLink} aria-label="Password reset link" onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}

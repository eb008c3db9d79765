"use client";

import { useId, useMemo, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerRatesFormSchema, CUSTOMER_REQUIRED, PASSWORD_REQUIRED } from "@/lib/validation/rates";
import { formatPoundsPerPoint, rateChangeBlock, RATE_BLOCK_LABELS } from "@/lib/rates/rules";
import { refreshAfterCustomerRates } from "@/components/points/points-queries";
import { usePasswordHint } from "@/components/points/use-password-hint";

// Spec 2 sections 4.1, 4.3, 5.4 and 8: pick a customer, set their own rates, press Continue (the
// first press reveals the password field), then "Confirm & Update Rates". Closed, snoozed, asleep
// and scheduled-for-deletion customers are listed with the reason but cannot be picked.

type Fields = { earningRate: string; redemptionValue: string; minimumRedemption: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { earningRate: "", redemptionValue: "", minimumRedemption: "" };
const fieldsOf = (c: CustomerDto): Fields => ({ earningRate: String(c.pointsPerPound), redemptionValue: c.redemptionValue, minimumRedemption: String(c.minimumRedemption) });

type Props = { open: boolean; onOpenChange: (open: boolean) => void; customers: CustomerDto[]; initialCustomerId?: number | null };

export function IndividualRatesDialog({ open, onOpenChange, customers, initialCustomerId = null }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>individual customer rates</DialogTitle>
          <DialogDescription>set the earning rate, redemption value and minimum redemption for one customer.</DialogDescription>
        </DialogHeader>
        {open && <IndividualRatesForm customers={customers} initialCustomerId={initialCustomerId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function IndividualRatesForm({ customers, initialCustomerId, onDone }: { customers: CustomerDto[]; initialCustomerId: number | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const passwordHint = usePasswordHint();
  const sorted = useMemo(() => [...customers].sort((a, b) => a.name.localeCompare(b.name, "en-GB")), [customers]);
  const initial = customers.find((c) => c.id === initialCustomerId && !rateChangeBlock(c)) ?? null;

  const [customerId, setCustomerId] = useState(initial ? String(initial.id) : "");
  const [fields, setFields] = useState<Fields>(initial ? fieldsOf(initial) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const selected = customers.find((c) => String(c.id) === customerId) ?? null;

  const save = useMutation({
    mutationFn: (body: { customerId: number; earningRate: number; redemptionValue: number; minimumRedemption: number; password: string }) =>
      apiJson<{ customer: CustomerDto }>("POST", "/api/customers/update-rates", body),
    onSuccess: (result) => {
      void refreshAfterCustomerRates(queryClient);
      toast({ title: "Customer Rates Updated", description: `${result?.customer?.name ?? selected?.name ?? "The customer"}'s rates have been updated.` });
      onDone();
    },
    onError: (error) => {
      setPassword("");
      toast({ variant: "destructive", title: "Update Failed", description: serverMessage(error, "Failed to update customer rates") });
    },
  });

  const pick = (id: string) => {
    setCustomerId(id);
    const c = customers.find((x) => String(x.id) === id);
    setFields(c ? fieldsOf(c) : EMPTY);
    setErrors({});
    setConfirming(false);
    setPassword("");
  };
  const setField = (name: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!selected) {
      toast({ variant: "destructive", title: "Customer Required", description: CUSTOMER_REQUIRED });
      return;
    }
    const parsed = customerRatesFormSchema.safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    if (!password.trim()) {
      toast({ variant: "destructive", title: "Password Required", description: PASSWORD_REQUIRED });
      return;
    }
    save.mutate({ customerId: selected.id, ...parsed.data, password });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={selectId}>customer</Label>
          <select
            id={selectId}
            value={customerId}
            onChange={(e) => pick(e.target.value)}
            className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
          >
            <option value="">select a customer</option>
            {sorted.map((c) => {
              const block = rateChangeBlock(c);
              return (
                <option key={c.id} value={String(c.id)} disabled={block !== null}>
                  {c.name} ({c.membershipNumber}){block ? ` - ${RATE_BLOCK_LABELS[block]}: no rate changes` : ""}
                </option>
              );
            })}
          </select>
          <p className="text-xs text-muted-foreground">closed, snoozed, asleep and scheduled-for-deletion accounts cannot have rate changes.</p>
        </div>

        {selected && (
          <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="current-customer-rates">
            current rates: {selected.pointsPerPound} {Number(selected.pointsPerPound) === 1 ? "point" : "points"} per £1, {formatPoundsPerPoint(selected.redemptionValue)} per point (£{Number(selected.redemptionValue).toFixed(2)} per 100 points), minimum redemption {selected.minimumRedemption} points
          </p>
        )}

        <div className="grid gap-4">
          <FormField
            label="earning rate (points per £1)"
            type="number"
            inputMode="decimal"
            min={0.1}
            step={0.1}
            value={fields.earningRate}
            onChange={(e) => setField("earningRate", e.target.value)}
            error={errors.earningRate}
          />
          <FormField
            label="redemption value (£ per 100 points)"
            type="number"
            inputMode="decimal"
            min={0.001}
            step={0.001}
            value={fields.redemptionValue}
            onChange={(e) => setField("redemptionValue", e.target.value)}
            error={errors.redemptionValue}
          />
          <FormField
            label="minimum redemption (points)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={fields.minimumRedemption}
            onChange={(e) => setField("minimumRedemption", e.target.value)}
            error={errors.minimumRedemption}
          />
        </div>

        {confirming && (
          <PasswordField
            label="password"
            autoComplete="current-password"
            autoFocus
            hint={passwordHint}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? "updating..." : confirming ? "Confirm & Update Rates" : "Continue"}
        </Button>
      </DialogFooter>
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { NumberField, PasswordField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { toast } from "@/hooks/use-toast";
import { apiJson } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerRatesFormSchema, CUSTOMER_REQUIRED, PASSWORD_REQUIRED } from "@/lib/validation/rates";
import { formatPoundsPerPoint, rateChangeBlock, RATE_BLOCK_LABELS } from "@/lib/rules/rates";
import { refreshAfterCustomerRates } from "@/components/points/points-queries";
import { usePasswordHint } from "@/components/points/use-password-hint";
import { CustomerCombobox, type RowState } from "@/components/transactions/customer-combobox";

// Spec 2 sections 4.1, 4.3, 5.4 and 8: pick a customer, set their own rates, press Continue (the
// first press reveals the password field), then "Confirm & Update Rates". Closed, snoozed, asleep
// and scheduled-for-deletion customers are listed with the reason but cannot be picked. The list
// is the server's search (issue 23), not every customer.

type Fields = { earningRate: string; redemptionValue: string; minimumRedemption: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { earningRate: "", redemptionValue: "", minimumRedemption: "" };
const fieldsOf = (c: CustomerDto): Fields => ({ earningRate: String(c.pointsPerPound), redemptionValue: c.redemptionValue, minimumRedemption: String(c.minimumRedemption) });

const BLOCKED_HINT = "closed, snoozed, asleep and scheduled-for-deletion accounts cannot have rate changes.";

function rateRowState(c: CustomerDto): RowState {
  const block = rateChangeBlock(c);
  return block && { label: `${RATE_BLOCK_LABELS[block]}: no rate changes`, tone: "destructive", disabled: true };
}

const RATE_FIELDS: { name: keyof Fields; label: string; min: number; step: number; whole?: boolean }[] = [
  { name: "earningRate", label: "earning rate (points per £1)", min: 0.1, step: 0.1 },
  { name: "redemptionValue", label: "redemption value (£ per 100 points)", min: 0.001, step: 0.001 },
  { name: "minimumRedemption", label: "minimum redemption (points)", min: 1, step: 1, whole: true },
];

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function IndividualRatesDialog({ open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onClose={() => onOpenChange(false)} title="individual customer rates" description="set the earning rate, redemption value and minimum redemption for one customer.">
      {open && <IndividualRatesForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function IndividualRatesForm({ onDone }: { onDone: () => void }) {
  const passwordHint = usePasswordHint();
  const [selected, setSelected] = useState<CustomerDto | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");

  const save = useSubmitMutation({
    mutationFn: (body: { customerId: number; earningRate: number; redemptionValue: number; minimumRedemption: number; password: string }) =>
      apiJson<{ customer: CustomerDto }>("POST", "/api/customers/update-rates", body),
    refresh: refreshAfterCustomerRates,
    success: (result) => ({ title: "Customer Rates Updated", description: `${result?.customer?.name ?? selected?.name ?? "The customer"}'s rates have been updated.` }),
    failure: { title: "Update Failed", fallback: "Failed to update customer rates" },
    onError: () => setPassword(""),
    onDone,
  });

  const pick = (c: CustomerDto | null) => {
    setSelected(c);
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
        <CustomerCombobox label="customer" hint={BLOCKED_HINT} value={selected} onChange={pick} rowState={rateRowState} />

        {selected && (
          <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="current-customer-rates">
            current rates: {selected.pointsPerPound} {Number(selected.pointsPerPound) === 1 ? "point" : "points"} per £1, {formatPoundsPerPoint(selected.redemptionValue)} per point (£{Number(selected.redemptionValue).toFixed(2)} per 100 points), minimum redemption {selected.minimumRedemption} points
          </p>
        )}

        <div className="grid gap-4">
          {RATE_FIELDS.map(({ name, label, min, step, whole }) => (
            <NumberField key={name} label={label} whole={whole} min={min} step={step} value={fields[name]} onChange={(e) => setField(name, e.target.value)} error={errors[name]} />
          ))}
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
      <FormFooter onCancel={onDone} pending={save.isPending} submitLabel={confirming ? "Confirm & Update Rates" : "Continue"} pendingLabel="updating..." />
    </form>
  );
}

"use client";

import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { NumberField, PasswordField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { apiJson } from "@/lib/client/api";
import { newCustomerRatesSchema } from "@/lib/validation/rates";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import { refreshAfterNewCustomerRates } from "@/components/points/points-queries";
import { usePasswordHint } from "@/components/points/use-password-hint";

// Spec 2 sections 5.6 and 8: the starting rates for customers added from now on, with a reason,
// confirmed with a password (checked by the server). Existing customers keep their rates.

type Input = z.input<typeof newCustomerRatesSchema>;
type Output = z.output<typeof newCustomerRatesSchema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; profile: BusinessProfileDto };

export function NewCustomerRatesDialog({ open, onOpenChange, profile }: Props) {
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="new customer rates"
      description="the rates every customer you add from now on starts with. existing customers keep their current rates."
    >
      {open && <NewCustomerRatesForm profile={profile} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function NewCustomerRatesForm({ profile, onDone }: { profile: BusinessProfileDto; onDone: () => void }) {
  const reasonId = useId();
  const passwordHint = usePasswordHint();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(newCustomerRatesSchema),
    defaultValues: {
      newCustomerPointsPerPound: String(profile.newCustomerPointsPerPound),
      newCustomerRedemptionValue: profile.newCustomerRedemptionValue,
      reason: "",
      password: "",
    },
  });
  const save = useSubmitMutation({
    mutationFn: (values: Output) => apiJson("PUT", "/api/business/new-customer-rates", values),
    refresh: refreshAfterNewCustomerRates,
    success: { title: "Success", description: "New customer rates updated successfully" },
    failure: { title: "Error", fallback: "Failed to update new customer rates" },
    onDone,
  });
  const e = form.formState.errors;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <fieldset disabled={save.isPending} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField label="points per pound" min={0.001} step="any" hint="points earned for each £1 spent" error={e.newCustomerPointsPerPound?.message} {...form.register("newCustomerPointsPerPound")} />
          <NumberField label="point value (£ per 100 points)" min={0.001} step="any" hint="1.00 means each point is worth £0.01" error={e.newCustomerRedemptionValue?.message} {...form.register("newCustomerRedemptionValue")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>reason for the change</Label>
          <Textarea
            id={reasonId}
            rows={2}
            placeholder="e.g. launch offer for new members"
            aria-invalid={e.reason ? true : undefined}
            aria-describedby={e.reason ? `${reasonId}-error` : undefined}
            {...form.register("reason")}
          />
          {e.reason && (
            <p id={`${reasonId}-error`} className="text-sm text-destructive">
              {e.reason.message}
            </p>
          )}
        </div>
        <PasswordField label="password" autoComplete="current-password" hint={passwordHint} error={e.password?.message} {...form.register("password")} />
      </fieldset>
      <FormFooter onCancel={onDone} pending={save.isPending} submitLabel="update new customer rates" pendingLabel="updating..." />
    </form>
  );
}

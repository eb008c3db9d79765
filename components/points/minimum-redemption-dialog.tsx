"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { NumberField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { apiJson } from "@/lib/client/api";
import { minimumRedemptionSchema } from "@/lib/validation/rates";
import { refreshAfterMinimumRedemption } from "@/components/points/points-queries";

// Spec 2 sections 5.5 and 8: one whole number from 1 to 10,000 that applies to the business and
// to all its customers at once.

type Input = z.input<typeof minimumRedemptionSchema>;
type Output = z.output<typeof minimumRedemptionSchema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; current: number };

export function MinimumRedemptionDialog({ open, onOpenChange, current }: Props) {
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="minimum redemption"
      description="the fewest points a customer can redeem in one go. the new minimum applies to all your customers immediately."
    >
      {open && <MinimumRedemptionForm current={current} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function MinimumRedemptionForm({ current, onDone }: { current: number; onDone: () => void }) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(minimumRedemptionSchema), defaultValues: { minimumRedemption: String(current) } });
  const save = useSubmitMutation({
    mutationFn: (values: Output) => apiJson("PUT", "/api/business/minimum-redemption", { minimumRedemption: values.minimumRedemption }),
    refresh: refreshAfterMinimumRedemption,
    success: { title: "Minimum redemption updated successfully", description: "The new minimum applies to all customers immediately." },
    failure: { title: "Error", fallback: "Failed to update minimum redemption" },
    onDone,
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <NumberField
        whole
        label="minimum redemption (points)"
        min={1}
        max={10_000}
        step={1}
        hint="a whole number from 1 to 10,000"
        error={form.formState.errors.minimumRedemption?.message}
        disabled={save.isPending}
        {...form.register("minimumRedemption")}
      />
      <FormFooter onCancel={onDone} pending={save.isPending} submitLabel="update minimum redemption" pendingLabel="updating..." />
    </form>
  );
}

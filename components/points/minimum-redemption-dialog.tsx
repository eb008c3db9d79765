"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { minimumRedemptionSchema } from "@/lib/validation/rates";
import { refreshAfterMinimumRedemption } from "@/components/points/points-queries";

// Spec 2 sections 5.5 and 8: one whole number from 1 to 10,000 that applies to the business and
// to all its customers at once.

type Input = z.input<typeof minimumRedemptionSchema>;
type Output = z.output<typeof minimumRedemptionSchema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; current: number };

export function MinimumRedemptionDialog({ open, onOpenChange, current }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>minimum redemption</DialogTitle>
          <DialogDescription>
            the fewest points a customer can redeem in one go. the new minimum applies to all your customers immediately.
          </DialogDescription>
        </DialogHeader>
        {open && <MinimumRedemptionForm current={current} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MinimumRedemptionForm({ current, onDone }: { current: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(minimumRedemptionSchema), defaultValues: { minimumRedemption: String(current) } });
  const save = useMutation({
    mutationFn: (values: Output) => apiJson("PUT", "/api/business/minimum-redemption", { minimumRedemption: values.minimumRedemption }),
    onSuccess: () => {
      void refreshAfterMinimumRedemption(queryClient);
      toast({ title: "Minimum redemption updated successfully", description: "The new minimum applies to all customers immediately." });
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: serverMessage(error, "Failed to update minimum redemption") }),
  });
  const error = form.formState.errors.minimumRedemption?.message;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <FormField
        label="minimum redemption (points)"
        type="number"
        inputMode="numeric"
        min={1}
        max={10_000}
        step={1}
        hint="a whole number from 1 to 10,000"
        error={error}
        disabled={save.isPending}
        {...form.register("minimumRedemption")}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? "updating..." : "update minimum redemption"}
        </Button>
      </DialogFooter>
    </form>
  );
}

"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";

// The two-step downgrade confirmation (spec 3 sections 2 and 4, spec 2 section 4.6): first what
// happens (the oldest 10 customers stay active, newer ones are parked and restored on upgrade),
// then a final confirmation that calls POST /api/subscription/downgrade.

export function DowngradeDialog({ open, onOpenChange, customersUsed }: { open: boolean; onOpenChange: (open: boolean) => void; customersUsed: number }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const parked = Math.max(0, customersUsed - STARTER_CUSTOMER_LIMIT);
  const downgrade = useMutation({
    mutationFn: () => apiJson<{ message?: string } | null>("POST", "/api/subscription/downgrade", {}),
    onSuccess: (result) => {
      toast({ title: "Subscription downgraded", description: result?.message });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionUsage });
      close(false);
    },
    onError: (error) => toast({ variant: "destructive", title: "Downgrade failed", description: serverMessage(error, "Failed to downgrade subscription") }),
  });
  const close = (next: boolean) => {
    if (downgrade.isPending) return;
    if (!next) setStep(1);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {step === 1 ? (
          <>
            <DialogHeader>
              <DialogTitle>downgrade to starter?</DialogTitle>
              <DialogDescription>starter is free and holds up to {STARTER_CUSTOMER_LIMIT} customers.</DialogDescription>
            </DialogHeader>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>your oldest {STARTER_CUSTOMER_LIMIT} customers stay active.</li>
              <li>newer customers beyond {STARTER_CUSTOMER_LIMIT} are parked: their data is kept, but they are inactive and are not told.</li>
              <li>parked customers are restored when you upgrade to max again.</li>
            </ul>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                keep max
              </Button>
              <Button type="button" variant="destructive" onClick={() => setStep(2)}>
                continue
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>are you sure?</DialogTitle>
              <DialogDescription>
                {parked > 0
                  ? `${parked} of your ${customersUsed} customers will be parked when the downgrade takes effect.`
                  : "all your customers fit on starter, so nobody will be parked."}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep(1)} disabled={downgrade.isPending}>
                go back
              </Button>
              <Button type="button" variant="destructive" onClick={() => downgrade.mutate()} disabled={downgrade.isPending} aria-busy={downgrade.isPending || undefined}>
                {downgrade.isPending ? "downgrading..." : "yes, downgrade"}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatGBP } from "@/lib/rules/format";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import { useUpgrade } from "@/components/account/billing-actions";
import { MaxPlanBenefits } from "@/components/billing/max-plan-benefits";

/** The pro upgrade info modal (spec 2 section 2.8): what max gives, "go back" and "upgrade to max". */
export function ProUpgradeModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const upgrade = useUpgrade();
  return (
    <Dialog open={open} onOpenChange={(next) => !upgrade.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>upgrade to max</DialogTitle>
          <DialogDescription>{formatGBP(MAX_PLAN_PRICE_PENCE)} a month, including a £2 charity donation.</DialogDescription>
        </DialogHeader>
        <MaxPlanBenefits />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={upgrade.isPending}>
            go back
          </Button>
          <Button type="button" onClick={() => upgrade.mutate()} disabled={upgrade.isPending} aria-busy={upgrade.isPending || undefined}>
            {upgrade.isPending ? "starting upgrade..." : "upgrade to max"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

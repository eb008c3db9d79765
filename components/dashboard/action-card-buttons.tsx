"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { actionDialog, type DashboardAction } from "@/lib/rules/dashboard-actions";
import type { ActionCard } from "@/components/dashboard/action-cards";

/** The action cards' buttons and the confirmation dialog they open (icons and figures come rendered). */
export function ActionCardButtons({ cards, hasCustomers }: { cards: ActionCard[]; hasCustomers: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState<DashboardAction | null>(null);
  const dialog = open ? actionDialog(open, hasCustomers) : null;

  return (
    <section aria-labelledby="actions-heading" className="space-y-3">
      <h2 id="actions-heading" className="sr-only">
        quick actions
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <button
            key={card.action}
            type="button"
            onClick={() => setOpen(card.action)}
            className="group flex min-w-0 items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="rounded-lg bg-primary/10 p-2 text-primary">
              {card.icon}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{card.title}</span>
              {card.figure}
              <span className="block text-xs text-muted-foreground">{card.caption}</span>
            </span>
          </button>
        ))}
      </div>
      {dialog && (
        <LazyConfirmDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title={dialog.title}
          description={dialog.description}
          confirmLabel={dialog.confirmLabel}
          cancelLabel={dialog.cancelLabel}
          onConfirm={() => router.push(dialog.href)}
        />
      )}
    </section>
  );
}

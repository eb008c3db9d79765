"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { InlineIcon, type InlineIconName } from "@/components/ui/inline-icon";
import { actionDialog, type DashboardAction } from "@/lib/rules/dashboard-actions";
import { formatCount, formatWholePoundsFromPence } from "@/lib/rules/dashboard-format";
import type { DashboardStats } from "@/lib/dashboard/types";

// The three action cards (spec 1 section 2), each with its figure for the last 7 days. A card
// opens a confirmation dialog whose wording depends on whether the business has customers yet;
// its start button goes to the flow's screen (the flows themselves live on those screens).

type CardSpec = { action: DashboardAction; title: string; icon: InlineIconName; figure: (s: DashboardStats) => string; caption: string };

const CARDS: CardSpec[] = [
  { action: "addCustomer", title: "add customers", icon: "user-plus", figure: (s) => formatCount(s.weeklySignups), caption: "sign-ups in the last 7 days" },
  { action: "processTransaction", title: "process transactions", icon: "credit-card", figure: (s) => formatCount(s.weeklyPointsEarned), caption: "points earned in the last 7 days" },
  { action: "createVoucher", title: "create vouchers", icon: "gift", figure: (s) => formatWholePoundsFromPence(s.weeklyVoucherValue), caption: "voucher value created in the last 7 days" },
];

export function ActionCards({ stats, pending }: { stats: DashboardStats | undefined; pending: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState<DashboardAction | null>(null);
  // Until the figures arrive (or if they failed) the dialogs use the wording for a business with customers.
  const hasCustomers = stats ? stats.totalCustomers > 0 : true;
  const dialog = open ? actionDialog(open, hasCustomers) : null;

  return (
    <section aria-labelledby="actions-heading" className="space-y-3">
      <h2 id="actions-heading" className="sr-only">
        quick actions
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {CARDS.map((card) => {
          return (
            <button
              key={card.action}
              type="button"
              onClick={() => setOpen(card.action)}
              className="group flex min-w-0 items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="rounded-lg bg-primary/10 p-2 text-primary">
                <InlineIcon name={card.icon} className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{card.title}</span>
                {pending ? (
                  <Skeleton className="mt-1 h-7 w-16" />
                ) : (
                  <span className="block text-2xl font-bold tabular-nums">{stats ? card.figure(stats) : "–"}</span>
                )}
                <span className="block text-xs text-muted-foreground">{card.caption}</span>
              </span>
            </button>
          );
        })}
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

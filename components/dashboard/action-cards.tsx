import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { InlineIcon, type InlineIconName } from "@/components/ui/inline-icon";
import type { DashboardAction } from "@/lib/rules/dashboard-actions";
import { formatCount, formatWholePoundsFromPence } from "@/lib/rules/dashboard-format";
import type { DashboardStats } from "@/lib/dashboard/types";
import { ActionCardButtons } from "@/components/dashboard/action-card-buttons";

// The three action cards (spec 1 section 2), each with its figure for the last 7 days. A card
// opens a confirmation dialog whose wording depends on whether the business has customers yet;
// its start button goes to the flow's screen (the flows themselves live on those screens). The
// figures are rendered here, on the server; the buttons and their dialog are the client island
// (action-card-buttons.tsx).

type CardSpec = { action: DashboardAction; title: string; icon: InlineIconName; figure: (s: DashboardStats) => string; caption: string };

const CARDS: CardSpec[] = [
  { action: "addCustomer", title: "add customers", icon: "user-plus", figure: (s) => formatCount(s.weeklySignups), caption: "sign-ups in the last 7 days" },
  { action: "processTransaction", title: "process transactions", icon: "credit-card", figure: (s) => formatCount(s.weeklyPointsEarned), caption: "points earned in the last 7 days" },
  { action: "createVoucher", title: "create vouchers", icon: "gift", figure: (s) => formatWholePoundsFromPence(s.weeklyVoucherValue), caption: "voucher value created in the last 7 days" },
];

export type ActionCard = { action: DashboardAction; title: string; icon: ReactNode; caption: string; figure: ReactNode };

export function ActionCards({ stats, pending }: { stats: DashboardStats | undefined; pending: boolean }) {
  // Until the figures arrive (or if they failed) the dialogs use the wording for a business with customers.
  const hasCustomers = stats ? stats.totalCustomers > 0 : true;
  const cards: ActionCard[] = CARDS.map(({ figure, icon, ...card }) => ({
    ...card,
    icon: <InlineIcon name={icon} className="size-5" />,
    figure: pending ? <Skeleton className="mt-1 h-7 w-16" /> : <span className="block text-2xl font-bold tabular-nums">{stats ? figure(stats) : "–"}</span>,
  }));
  return <ActionCardButtons cards={cards} hasCustomers={hasCustomers} />;
}

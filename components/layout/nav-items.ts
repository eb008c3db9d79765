import type { InlineIconName } from "@/components/ui/inline-icon";

export type NavItem = { href: string; label: string; icon: InlineIconName };

// Spec 3: dashboard, customers, transactions, points, loyalty cards and vouchers; account and
// activity log at the bottom.
export const MAIN_NAV: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: "layout-dashboard" },
  { href: "/customers", label: "Customers", icon: "users" },
  { href: "/transactions", label: "Transactions", icon: "receipt" },
  { href: "/points", label: "Points", icon: "star" },
  { href: "/loyalty-cards", label: "Loyalty cards", icon: "credit-card" },
  { href: "/vouchers", label: "Vouchers", icon: "gift" },
  { href: "/automations", label: "Automations", icon: "zap" }, // issue 25
  { href: "/insights", label: "Insights", icon: "chart-column" }, // issue 25
];

export const FOOTER_NAV: NavItem[] = [
  { href: "/onboarding", label: "Getting started", icon: "list-checks" },
  { href: "/account", label: "Account", icon: "settings" },
  { href: "/activity", label: "Activity log", icon: "activity" },
];

import { Activity, BarChart3, CreditCard, Gift, LayoutDashboard, ListChecks, Receipt, Settings, Star, Users, Zap, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };

// Spec 3: dashboard, customers, transactions, points, loyalty cards and vouchers; account and
// activity log at the bottom.
export const MAIN_NAV: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/customers", label: "Customers", icon: Users },
  { href: "/transactions", label: "Transactions", icon: Receipt },
  { href: "/points", label: "Points", icon: Star },
  { href: "/loyalty-cards", label: "Loyalty cards", icon: CreditCard },
  { href: "/vouchers", label: "Vouchers", icon: Gift },
  { href: "/automations", label: "Automations", icon: Zap }, // issue 25
  { href: "/insights", label: "Insights", icon: BarChart3 }, // issue 25
];

export const FOOTER_NAV: NavItem[] = [
  { href: "/onboarding", label: "Getting started", icon: ListChecks },
  { href: "/account", label: "Account", icon: Settings },
  { href: "/activity", label: "Activity log", icon: Activity },
];

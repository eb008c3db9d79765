import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { adminTabOf } from "@/components/admin/admin-tab-names";
import { getAdminStats } from "@/lib/admin/get-admin-stats";
import { getOnboardingStats } from "@/lib/admin/get-onboarding-stats";
import { getReferralStats, listReferralActivity } from "@/lib/admin/monitoring/get-referral-stats";
import { getSystemSettings } from "@/lib/settings/get-system-settings";

export const metadata: Metadata = { title: "Super admin dashboard" };

// The (admin) layout checks for a super-admin session too, but a layout and its page render side by
// side, so the page checks before it reads platform figures. The header and the overview tab (the
// five platform numbers, revenue and onboarding, referral activity) are read here and drawn on the
// server (issue 23); the other tabs ask for their own data when opened. A save in a tab refreshes
// these reads (router.refresh).
export default async function AdminDashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "admin") redirect("/admin-login");
  const now = new Date();
  const [settings, stats, onboarding, referralStats, referralActivity, params] = await Promise.all([
    getSystemSettings(),
    getAdminStats(now),
    getOnboardingStats(),
    getReferralStats(now),
    listReferralActivity(now),
    searchParams,
  ]);
  return <AdminDashboard start={{ settings, stats, onboarding, referralStats, referralActivity }} tab={adminTabOf(params.tab)} />;
}

import type { Metadata } from "next";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { getAdminStats } from "@/lib/admin/get-admin-stats";
import { getSystemSettings } from "@/lib/settings/get-system-settings";

export const metadata: Metadata = { title: "Super admin dashboard" };

// The (admin) layout has already checked for a super-admin session. The top of the page (whether
// sign-ups are open, the five platform numbers) is read here, so the first HTML shows them (issue
// 23); the sections below ask for their own data as before.
export default async function AdminDashboardPage() {
  const [settings, stats] = await Promise.all([getSystemSettings(), getAdminStats(new Date())]);
  return <AdminDashboard start={{ settings, stats }} />;
}

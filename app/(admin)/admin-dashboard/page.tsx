import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { getAdminStats } from "@/lib/admin/get-admin-stats";
import { getSystemSettings } from "@/lib/settings/get-system-settings";

export const metadata: Metadata = { title: "Super admin dashboard" };

// The (admin) layout checks for a super-admin session too, but a layout and its page render side by
// side, so the page checks before it reads platform figures. The top of the page (whether
// sign-ups are open, the five platform numbers) is read here, so the first HTML shows them (issue
// 23); the sections below ask for their own data as before.
export default async function AdminDashboardPage() {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "admin") redirect("/admin-login");
  const [settings, stats] = await Promise.all([getSystemSettings(), getAdminStats(new Date())]);
  return <AdminDashboard start={{ settings, stats }} />;
}

import type { Metadata } from "next";
import { AdminDashboard } from "@/components/admin/admin-dashboard";

export const metadata: Metadata = { title: "Super admin dashboard" };

// The (admin) layout has already checked for a super-admin session.
export default function AdminDashboardPage() {
  return <AdminDashboard />;
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getStaffHeader } from "@/lib/staff/get-staff-header";
import { StaffDashboard } from "@/components/staff/staff-dashboard";

export const metadata: Metadata = { title: "Staff dashboard" };
export const dynamic = "force-dynamic";

export default async function StaffDashboardPage() {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "staff") redirect("/staff/login"); // the (staff) layout checks too
  return <StaffDashboard header={await getStaffHeader(principal)} />;
}

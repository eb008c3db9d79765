import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getStaffHeader } from "@/lib/staff/get-staff-header";
import { listStaffCustomerPage } from "@/lib/staff/list-staff-customers";
import type { StaffCustomer } from "@/lib/staff/types";
import { StaffDashboard } from "@/components/staff/staff-dashboard";

export const metadata: Metadata = { title: "Staff dashboard" };
export const dynamic = "force-dynamic";

export default async function StaffDashboardPage() {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "staff") redirect("/staff/login"); // the (staff) layout checks too
  // The first page of the list the finder searches on the server (issue 23), in the first HTML.
  const [header, first] = await Promise.all([getStaffHeader(principal), listStaffCustomerPage(principal.businessId, {})]);
  const customers = { customers: JSON.parse(first.json) as StaffCustomer[], next: first.next && encodeURIComponent(first.next) };
  return <StaffDashboard header={header} customers={customers} />;
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getPagePrincipal } from "@/lib/auth/page-session";
import { getStaffHeader } from "@/lib/staff/get-staff-header";
import { listStaffCustomers } from "@/lib/staff/list-staff-customers";
import { StaffDashboard } from "@/components/staff/staff-dashboard";

export const metadata: Metadata = { title: "Staff dashboard" };
export const dynamic = "force-dynamic";

/** Up to this many customers are in the first HTML; a bigger list is asked for by the browser
 *  (with the skeleton meanwhile), as before, so the page never carries a list of 100,000 twice
 *  (as HTML and as the island's data). */
const FIRST_HTML_CUSTOMERS = 1000;

export default async function StaffDashboardPage() {
  const principal = await getPagePrincipal();
  if (principal?.kind !== "staff") redirect("/staff/login"); // the (staff) layout checks too
  const [header, customers] = await Promise.all([getStaffHeader(principal), listStaffCustomers(principal.businessId, FIRST_HTML_CUSTOMERS + 1)]);
  return <StaffDashboard header={header} customers={customers.length <= FIRST_HTML_CUSTOMERS ? customers : undefined} />;
}

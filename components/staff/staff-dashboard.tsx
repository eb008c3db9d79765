import { PRODUCT_NAME } from "@/lib/product";
import type { StaffCustomer } from "@/lib/staff/types";
import { StaffCustomerFinder } from "@/components/staff/staff-customer-finder";
import { StaffSignOutButton } from "@/components/staff/staff-sign-out-button";

export { filterStaffCustomers } from "@/lib/staff/filter-staff-customers";

type Header = { username: string; businessName: string; businessId: number };

/** /staff/dashboard: find a customer, see their panel, record a purchase or bonus points. Rendered
 *  on the server (issue 23: the till's first load): the header is HTML, the finder and sign-out are
 *  client islands. `customers` is the server's list for the first HTML (absent: the finder asks). */
export function StaffDashboard({ header, customers }: { header: Header; customers?: StaffCustomer[] }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card px-3 sm:px-4">
        <span className="hidden font-bold text-primary sm:inline">{PRODUCT_NAME}</span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium sm:ml-4">
          {header.businessName} · Staff Portal
        </span>
        <span className="hidden text-sm text-muted-foreground md:inline">{header.username}</span>
        <StaffSignOutButton />
      </header>
      <StaffCustomerFinder initialCustomers={customers} />
    </div>
  );
}

import { PRODUCT_NAME } from "@/lib/product";
import type { StaffCustomerPage } from "@/lib/staff/types";
import { InlineIcon } from "@/components/ui/inline-icon";
import { searchIconClass } from "@/components/ui/search-box";
import { StaffCustomerFinder, type StaffFinderIcons } from "@/components/staff/staff-customer-finder";
import { StaffSignOutButton } from "@/components/staff/staff-sign-out-button";

type Header = { username: string; businessName: string; businessId: number };

/** The finder's icons, drawn here on the server: the island does not carry InlineIcon's table (issue 23). */
const ICONS: StaffFinderIcons = {
  search: <InlineIcon name="search" className={searchIconClass()} />,
  back: <InlineIcon name="arrow-left" className="h-4 w-4" />,
  purchase: <InlineIcon name="shopping-bag" className="h-4 w-4" />,
  bonus: <InlineIcon name="gift" className="h-4 w-4" />,
};

/** /staff/dashboard: find a customer, see their panel, record a purchase or bonus points. Rendered
 *  on the server (issue 23: the till's first load): the header is HTML, the finder and sign-out are
 *  client islands. `customers` is the first page of the server's list, for the first HTML (absent:
 *  the finder asks). */
export function StaffDashboard({ header, customers }: { header: Header; customers?: StaffCustomerPage }) {
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
      <StaffCustomerFinder start={customers} icons={ICONS} />
    </div>
  );
}

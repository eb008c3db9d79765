"use client";

import dynamic from "next/dynamic";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import type { AdminBusinessStats } from "@/lib/admin/get-business-stats";
import { formatCompact, formatDate } from "@/lib/rules/format";
import { LoadingRows, StatTile, useAdminQuery } from "@/components/admin/admin-ui";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";

// One business's tabs (components/admin/business-panel.tsx loads this module once a business is
// picked). The Account and Customers tabs (forms, switches, confirmation dialogs, the admin
// schemas) load the first time they are opened, with rows of skeleton meanwhile (issue 23).
const BusinessAccountTab = dynamic(() => import("@/components/admin/business-account-tab").then((m) => m.BusinessAccountTab), { ssr: false, loading: () => <LoadingRows /> });
const BusinessCustomersTab = dynamic(() => import("@/components/admin/business-customers-tab").then((m) => m.BusinessCustomersTab), { ssr: false, loading: () => <LoadingRows /> });

/** Headlines, Account, Customers and Loyalty Cards of the picked business. */
export function BusinessTabs({ business }: { business: AdminBusinessDto }) {
  return (
    <Tabs defaultValue="headlines">
      <TabsList className="flex h-auto w-full flex-wrap justify-start">
        <TabsTrigger value="headlines">Headlines</TabsTrigger>
        <TabsTrigger value="account">Account</TabsTrigger>
        <TabsTrigger value="customers">Customers</TabsTrigger>
        <TabsTrigger value="cards">Loyalty Cards</TabsTrigger>
      </TabsList>
      <TabsContent value="headlines">
        <BusinessHeadlines business={business} />
      </TabsContent>
      <TabsContent value="account">
        <BusinessAccountTab business={business} />
      </TabsContent>
      <TabsContent value="customers">
        <BusinessCustomersTab businessId={business.id} />
      </TabsContent>
      <TabsContent value="cards">
        <LoyaltyCardMonitor fixedBusinessId={business.id} />
      </TabsContent>
    </Tabs>
  );
}

function BusinessHeadlines({ business }: { business: AdminBusinessDto }) {
  const stats = useAdminQuery<AdminBusinessStats>(queryKeys.adminBusinessStats(business.id));
  const s = stats.data;
  const loading = stats.isPending;
  if (stats.isError) return <p className="text-sm text-destructive">Could not load this business&apos;s numbers.</p>;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <StatTile label="Customers" value={`${s?.customerCount ?? 0} / ${business.customerLimit}`} loading={loading} />
      <StatTile label="Last customer signup" value={s?.lastCustomerSignup ? formatDate(s.lastCustomerSignup) : "None yet"} loading={loading} />
      <StatTile label="Points awarded" value={formatCompact(s?.totalPointsAwarded ?? 0)} loading={loading} />
      <StatTile label="Points redeemed" value={formatCompact(s?.totalPointsRedeemed ?? 0)} loading={loading} />
      <StatTile label="Bonus points" value={formatCompact(s?.bonusPointsAwarded ?? 0)} loading={loading} />
      <StatTile label="Vouchers raised" value={s?.vouchersRaised ?? 0} loading={loading} />
    </div>
  );
}

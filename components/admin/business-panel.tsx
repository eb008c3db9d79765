"use client";

import { useState } from "react";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import type { AdminBusinessStats } from "@/lib/admin/get-business-stats";
import { formatCompact, formatDate } from "@/lib/rules/format";
import { AdminSection, LoadingRows, StatTile, selectClass, useAdminQuery } from "@/components/admin/admin-ui";
import { BusinessAccountTab } from "@/components/admin/business-account-tab";
import { BusinessCustomersTab } from "@/components/admin/business-customers-tab";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";

/** Pick a business, then its Headlines, Account, Customers and Loyalty Cards tabs. */
export function BusinessPanel() {
  const businesses = useAdminQuery<AdminBusinessDto[]>(queryKeys.adminBusinesses);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = businesses.data ?? [];
  const selected = list.find((b) => b.id === selectedId) ?? null;

  return (
    <AdminSection id="businesses" title="businesses" description={businesses.isPending ? "Loading businesses…" : `${list.length} businesses`}>
      {businesses.isPending ? (
        <LoadingRows rows={1} />
      ) : businesses.isError ? (
        <p className="text-sm text-destructive">Could not load the businesses.</p>
      ) : (
        <div className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor="business-picker">Select a business</Label>
            <select id="business-picker" className={selectClass} value={selectedId ?? ""} onChange={(e) => setSelectedId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Choose a business</option>
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.email}){b.accountStatus !== "active" ? ` - ${b.accountStatus}` : ""}
                </option>
              ))}
            </select>
          </div>
          {selected && (
            <Tabs key={selected.id} defaultValue="headlines">
              <TabsList className="flex h-auto w-full flex-wrap justify-start">
                <TabsTrigger value="headlines">Headlines</TabsTrigger>
                <TabsTrigger value="account">Account</TabsTrigger>
                <TabsTrigger value="customers">Customers</TabsTrigger>
                <TabsTrigger value="cards">Loyalty Cards</TabsTrigger>
              </TabsList>
              <TabsContent value="headlines">
                <BusinessHeadlines business={selected} />
              </TabsContent>
              <TabsContent value="account">
                <BusinessAccountTab business={selected} />
              </TabsContent>
              <TabsContent value="customers">
                <BusinessCustomersTab businessId={selected.id} />
              </TabsContent>
              <TabsContent value="cards">
                <LoyaltyCardMonitor fixedBusinessId={selected.id} />
              </TabsContent>
            </Tabs>
          )}
        </div>
      )}
    </AdminSection>
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

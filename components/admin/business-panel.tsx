"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { Label } from "@/components/ui/label";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { AdminSection, LoadingRows, selectClass, useAdminQuery } from "@/components/admin/admin-ui";

// The tabs appear once a business is picked: their code (Radix tabs and each tab) is not in the
// dashboard's first load (issue 23); skeleton rows show while it arrives.
// Asked for as soon as the picker is focused.
const loadTabs = () => import("@/components/admin/business-tabs");
const BusinessTabs = dynamic(() => loadTabs().then((m) => m.BusinessTabs), { ssr: false, loading: () => <LoadingRows /> });

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
            <select id="business-picker" className={selectClass} value={selectedId ?? ""} onFocus={() => void loadTabs()} onChange={(e) => setSelectedId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Choose a business</option>
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.email}){b.accountStatus !== "active" ? ` - ${b.accountStatus}` : ""}
                </option>
              ))}
            </select>
          </div>
          {selected && <BusinessTabs key={selected.id} business={selected} />}
        </div>
      )}
    </AdminSection>
  );
}

"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { AdminSection, LoadingRows } from "@/components/admin/admin-ui";
import { BusinessCombobox } from "@/components/admin/business-combobox";

// The tabs appear once a business is picked: their code (Radix tabs and each tab) is not in the
// dashboard's first load (issue 23); skeleton rows show while it arrives.
// Asked for as soon as the picker is focused.
const loadTabs = () => import("@/components/admin/business-tabs");
const BusinessTabs = dynamic(() => loadTabs().then((m) => m.BusinessTabs), { ssr: false, loading: () => <LoadingRows /> });

/** Pick a business (the server's search, issue 23), then its Headlines, Account, Customers and
 *  Loyalty Cards tabs. The picked business is read again (GET /api/admin/businesses/{id}) when an
 *  edit invalidates it, so the tabs show what was saved. */
export function BusinessPanel() {
  const [picked, setPicked] = useState<AdminBusinessDto | null>(null);
  const current = useQuery({
    queryKey: queryKeys.adminBusiness(picked?.id ?? 0),
    queryFn: () => apiJson<AdminBusinessDto>("GET", `/api/admin/businesses/${picked?.id}`),
    enabled: picked !== null,
    initialData: picked ?? undefined,
  });
  const business = picked ? (current.data ?? picked) : null;

  return (
    <AdminSection id="businesses" title="businesses" description="Search by a part of the name or the email.">
      <div className="space-y-4">
        <BusinessCombobox label="Select a business" value={business} onChange={setPicked} onFocus={() => void loadTabs()} />
        {picked && current.isError ? (
          <p className="text-sm text-destructive">This business is no longer listed.</p>
        ) : (
          business && <BusinessTabs key={business.id} business={business} />
        )}
      </div>
    </AdminSection>
  );
}

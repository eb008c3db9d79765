"use client";

import { useState } from "react";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { preloadDataTable } from "@/components/ui/data-table";
import { withQueryClient } from "@/components/query-provider";
import { queryKeys } from "@/lib/client/query-keys";
import type { CustomerHubStart } from "@/lib/customers/get-customer-hub-start";
import { CustomerHub } from "@/components/customers/customer-hub";
import { customerPagesKey, DEFAULT_CUSTOMER_ORDER, type CustomerPage } from "@/components/customers/customer-queries";

// The live customer hub after the server's first screen (customer-hub-island.tsx): what the server
// read with the page (the usage, the first page of the default list, the parked customers) is put
// in react-query's cache before the hub reads it, so the hub draws the same screen without asking
// again. Without it (a server read failed) the hub asks the API as it always did.

export type LiveCustomerHubProps = { start: CustomerHubStart | null };

export function LiveCustomerHub({ start }: LiveCustomerHubProps) {
  const queryClient = useQueryClient();
  useState(() => {
    if (!start) return;
    queryClient.setQueryData(queryKeys.subscriptionUsage, start.usage);
    queryClient.setQueryData(queryKeys.parkedCustomers, start.parked);
    const first: InfiniteData<CustomerPage, string | null> = { pages: [start.firstPage], pageParams: [null] };
    queryClient.setQueryData(customerPagesKey({ q: "", ...DEFAULT_CUSTOMER_ORDER }), first);
  });
  return <CustomerHub />;
}

/** The hub with the table code it draws its rows with (else the rows would flash as skeletons). */
export const loadLiveCustomerHub = () => preloadDataTable().then(() => LiveCustomerHubWithQueries);

/** With react-query's provider (the business layout mounts none). */
const LiveCustomerHubWithQueries = withQueryClient(LiveCustomerHub);

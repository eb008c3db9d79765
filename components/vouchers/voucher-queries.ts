"use client";

import { useMemo } from "react";
import { useQueries, useQuery, type QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

// Data hooks of the voucher screens, on the shared query-key factory.

export type RecentVouchers = { hasRecentVouchers: boolean; recentVoucherCount: number; lastVoucherAt: string | null };
export type CreateVoucherResult = {
  message: string;
  batchId: string;
  customersProcessed: number;
  emailsSent: number;
  smsSent: number;
  vouchers: VoucherDto[];
};
export type UpdateVoucherResult = { voucher: VoucherDto; emailSent: boolean; message: string };

export const useVouchers = () => useQuery<VoucherDto[]>({ queryKey: queryKeys.promos });

/** Above this many selected customers the warning reads the business's voucher list (one call)
 *  instead of one recent-vouchers call per customer. */
export const RECENT_CHECK_PER_CUSTOMER_MAX = 25;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Spec 5.7: the 'easy tiger' warning: which selected customers had a voucher in the last 7 days. */
export function useRecentVouchers(customerIds: readonly number[], enabled: boolean): { recentIds: ReadonlySet<number> } {
  const few = customerIds.length <= RECENT_CHECK_PER_CUSTOMER_MAX;
  const perCustomer = useQueries({
    queries: (few ? customerIds : []).map((id) => ({ queryKey: queryKeys.recentVouchers(id), enabled, staleTime: 30_000 })),
  });
  const all = useQuery<VoucherDto[]>({ queryKey: queryKeys.promos, enabled: enabled && !few });
  const perCustomerRecent = customerIds.filter((id, i) => few && (perCustomer[i]?.data as RecentVouchers | undefined)?.hasRecentVouchers).join(",");
  return useMemo(() => {
    if (few) return { recentIds: new Set(perCustomerRecent ? perCustomerRecent.split(",").map(Number) : []) };
    const selected = new Set(customerIds);
    const since = all.dataUpdatedAt - WEEK_MS; // a week before the list was read
    return { recentIds: new Set((all.data ?? []).filter((v) => selected.has(v.customerId) && Date.parse(v.createdAt) > since).map((v) => v.customerId)) };
  }, [few, perCustomerRecent, customerIds, all.data, all.dataUpdatedAt]);
}

/** What a voucher change refreshes: the lists, each customer's promos and recent vouchers, the dashboard's voucher figures. */
export function invalidateAfterVoucherChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.promos }),
    queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && /^\/api\/customers\/\d+\/(promos|recent-vouchers)$/.test(q.queryKey[0]) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.stats }),
  ]);
}

"use client";

import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { dropHiddenCustomerLists } from "@/components/customers/customer-queries";

// Data hooks of the transaction screens, on the shared query-key factory.

export type { TransactionDto };

import { TRANSACTIONS_PAGE_SIZE } from "@/components/transactions/transaction-hub-parts";
export { TRANSACTIONS_PAGE_SIZE };

export function transactionsUrl(q: string, before?: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (before) params.set("before", String(before));
  params.set("limit", String(TRANSACTIONS_PAGE_SIZE));
  return `/api/transactions?${params.toString()}`;
}

/** Pages of the hub's list for one search; the previous search's rows stay on screen while the
 *  next one loads, so typing never blanks the table. */
export function useTransactionPages(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.transactionList(q),
    queryFn: ({ pageParam }) => apiJson<TransactionDto[]>("GET", transactionsUrl(q, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length >= TRANSACTIONS_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

/** The vouchers list for the promo column; a failure leaves the column showing bare codes. */
export const useVoucherList = () => useQuery<VoucherDto[]>({ queryKey: queryKeys.promos });

/** One customer's vouchers, as promo-code suggestions for a purchase. */
export const useCustomerPromos = (customerId: number | null) =>
  useQuery<VoucherDto[]>({ queryKey: queryKeys.customerPromos(customerId ?? 0), enabled: customerId !== null });

export type RecordTransactionResult = {
  transaction: TransactionDto;
  customer: { id: number; totalPoints: number; lifetimeSpent: string; lastVisit: string | null; accountStatus: string; sleepStatus: string };
  balance: number;
  message: string;
};

export const lookUpMembership = (membershipNumber: string) =>
  apiJson<CustomerDto>("GET", queryKeys.customerByMembership(membershipNumber)[0]);

/** Balances changed: drops the hidden customer lists, then refetches what is on screen. */
const refresh = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) => {
  dropHiddenCustomerLists(queryClient);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

/** Spec 2 section 7: what a new transaction changes (and the vouchers a promo code used). */
export function refreshAfterTransaction(queryClient: QueryClient, customerId?: number) {
  return refresh(queryClient, [
    queryKeys.transactions,
    queryKeys.customers,
    queryKeys.dashboard.stats,
    queryKeys.dashboard.impactStats,
    queryKeys.dashboard.weeklyStats,
    queryKeys.dashboard.moneyMakers,
    queryKeys.dashboard.superFans,
    queryKeys.promos,
    ...(customerId ? [queryKeys.customerPromos(customerId)] : []),
  ]);
}

/** Spec 2 section 7: an edit or a delete refreshes transactions, customers and the impact stats
 *  (a delete may also give a promo back to its customer). */
export function refreshAfterCorrection(queryClient: QueryClient) {
  return refresh(queryClient, [queryKeys.transactions, queryKeys.customers, queryKeys.dashboard.impactStats, queryKeys.promos]);
}

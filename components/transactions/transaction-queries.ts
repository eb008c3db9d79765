"use client";

import { useMemo } from "react";
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import { PROMO_CODE_MAX, PROMO_CODE_PATTERN } from "@/lib/rules/vouchers";
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

/** GET /api/promos?codes=&customerIds=: the vouchers that decide the promo column for these
 *  transactions (their codes and customers), or null when none carries a code a voucher could have. */
export function promoVouchersUrl(rows: readonly Pick<TransactionDto, "promoCode" | "customerId">[]): string | null {
  const withCode = rows.flatMap((t) => {
    const code = t.promoCode?.trim().toUpperCase();
    return code && code.length <= PROMO_CODE_MAX && PROMO_CODE_PATTERN.test(code) ? [{ code, customerId: t.customerId }] : [];
  });
  if (withCode.length === 0) return null;
  const codes = [...new Set(withCode.map((t) => t.code))].sort();
  const customers = [...new Set(withCode.map((t) => t.customerId))].sort((a, b) => a - b);
  return `${queryKeys.promos[0]}?codes=${codes.map(encodeURIComponent).join(",")}&customerIds=${customers.join(",")}`;
}

type PromoAnswers = { failed: boolean; vouchers: PromoVoucher[] | undefined };
const combinePromoAnswers = (results: { isError: boolean; data?: PromoVoucher[] }[]): PromoAnswers => ({
  failed: results.some((r) => r.isError),
  vouchers: results.every((r) => r.data !== undefined) ? results.flatMap((r) => r.data ?? []) : undefined,
});

const promoVouchersKey = (url: string) => [...queryKeys.promos, url] as const;

/** The promo column's vouchers (issue 23): one GET /api/promos?codes= per page of transactions on
 *  screen, not the business's whole voucher list. Undefined while a page's answer is on its way and
 *  when one failed: the column then shows the bare codes, never a status it has not read. */
export function usePromoVouchers(pages: readonly (readonly TransactionDto[])[] | undefined): readonly PromoVoucher[] | undefined {
  const urls = useMemo(() => (pages ?? []).flatMap((rows) => promoVouchersUrl(rows) ?? []), [pages]);
  const answers = useQueries({
    queries: urls.map((url) => ({ queryKey: promoVouchersKey(url), queryFn: () => apiJson<PromoVoucher[]>("GET", url) })),
    combine: combinePromoAnswers,
  });
  return answers.failed ? undefined : answers.vouchers;
}

/** The first page's promo vouchers as the server read them with the page: usePromoVouchers then
 *  does not ask again. */
export function seedPromoVouchers(queryClient: QueryClient, rows: readonly TransactionDto[], promos: readonly PromoVoucher[]) {
  const url = promoVouchersUrl(rows);
  if (url) queryClient.setQueryData(promoVouchersKey(url), [...promos]);
}

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

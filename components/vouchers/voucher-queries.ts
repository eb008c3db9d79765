"use client";

import { useMemo } from "react";
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import type { VoucherSort } from "@/lib/validation/vouchers";
import { MAX_CUSTOMERS_PER_VOUCHER } from "@/lib/rules/vouchers";

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

/** The voucher hub's list as the server searches, sorts and pages it (GET /api/promos?q=&sort=&order=,
 *  issue 23): never the whole list. */
export type VoucherListParams = { q: string; sort: VoucherSort; order: "asc" | "desc" };
export type VoucherPage = {
  rows: VoucherDto[];
  /** The next page's cursor as the server wrote it (X-Next-Cursor, decoded), null on the last page. */
  next: string | null;
  /** The first page's count of the whole list (X-Total-Count). */
  total: number | null;
};
export const VOUCHER_PAGE_SIZE = 50;
export const DEFAULT_VOUCHER_ORDER = { sort: "created", order: "desc" } as const;
/** The search box's text goes to the server after this pause in typing (as the customer hub's). */
export const VOUCHER_SEARCH_DEBOUNCE_MS = 150;

/** Under queryKeys.promos, so a voucher change (invalidateAfterVoucherChange) refreshes every list. */
export const voucherPagesKey = (params: VoucherListParams) => [...queryKeys.promos, "pages", params] as const;

export function voucherPageUrl({ q, sort, order }: VoucherListParams, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("sort", sort);
  params.set("order", order);
  params.set("limit", String(VOUCHER_PAGE_SIZE));
  if (cursor) params.set("cursor", cursor);
  else params.set("total", "1");
  return `${queryKeys.promos[0]}?${params}`;
}

async function fetchVoucherPage(params: VoucherListParams, cursor: string | null): Promise<VoucherPage> {
  const res = await apiRequest("GET", voucherPageUrl(params, cursor));
  const next = res.headers.get("x-next-cursor");
  const count = res.headers.get("x-total-count");
  return { rows: (await res.json()) as VoucherDto[], next: next ? decodeURIComponent(next) : null, total: count === null ? null : Number(count) };
}

const isDefaultList = (p: VoucherListParams) => p.q === "" && p.sort === DEFAULT_VOUCHER_ORDER.sort && p.order === DEFAULT_VOUCHER_ORDER.order;

/** One page at first, the next when asked ("show more"). The unsearched newest-first list starts
 *  from the page the server drew (no second read); while a new search loads, the previous rows stay. */
export function useVoucherPages(params: VoucherListParams, firstPage?: VoucherPage) {
  const seeded = firstPage && isDefaultList(params);
  return useInfiniteQuery({
    queryKey: voucherPagesKey(params),
    queryFn: ({ pageParam }) => fetchVoucherPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: VoucherPage) => last.next,
    initialData: seeded ? ({ pages: [firstPage], pageParams: [null] } satisfies InfiniteData<VoucherPage, string | null>) : undefined,
    placeholderData: keepPreviousData,
  });
}

/** Above this many selected customers the warning asks the server about the whole selection
 *  (POST /api/promos/recent, 5,000 ids a call) instead of one recent-vouchers call per customer. */
export const RECENT_CHECK_PER_CUSTOMER_MAX = 25;

/** The selected customers given a voucher in the last 7 days, asked 5,000 at a time. */
async function fetchRecentVoucherCustomers(customerIds: readonly number[]): Promise<number[]> {
  const found: number[] = [];
  for (let i = 0; i < customerIds.length; i += MAX_CUSTOMERS_PER_VOUCHER) {
    const chunk = customerIds.slice(i, i + MAX_CUSTOMERS_PER_VOUCHER);
    found.push(...(await apiJson<{ customerIds: number[] }>("POST", "/api/promos/recent", { customerIds: chunk })).customerIds);
  }
  return found;
}

/** Spec 5.7: the 'easy tiger' warning: which selected customers had a voucher in the last 7 days. */
export function useRecentVouchers(customerIds: readonly number[], enabled: boolean): { recentIds: ReadonlySet<number> } {
  const few = customerIds.length <= RECENT_CHECK_PER_CUSTOMER_MAX;
  const perCustomer = useQueries({
    queries: (few ? customerIds : []).map((id) => ({ queryKey: queryKeys.recentVouchers(id), enabled, staleTime: 30_000 })),
  });
  const sorted = useMemo(() => (few ? [] : [...customerIds].sort((a, b) => a - b)), [few, customerIds]);
  const many = useQuery({
    queryKey: [...queryKeys.promos, "recent", sorted],
    queryFn: () => fetchRecentVoucherCustomers(sorted),
    enabled: enabled && !few,
    staleTime: 30_000,
    // While a changed selection is asked about, the warning keeps the last answer.
    placeholderData: keepPreviousData,
  });
  const perCustomerRecent = customerIds.filter((id, i) => few && (perCustomer[i]?.data as RecentVouchers | undefined)?.hasRecentVouchers).join(",");
  return useMemo(() => {
    if (few) return { recentIds: new Set(perCustomerRecent ? perCustomerRecent.split(",").map(Number) : []) };
    return { recentIds: new Set(many.data ?? []) };
  }, [few, perCustomerRecent, many.data]);
}

/** What a voucher change refreshes: the lists, each customer's promos and recent vouchers, the dashboard's voucher figures. */
export function invalidateAfterVoucherChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.promos }),
    queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && /^\/api\/customers\/\d+\/(promos|recent-vouchers)$/.test(q.queryKey[0]) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.stats }),
  ]);
}

"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerSort } from "@/lib/validation/customers";
import { MAX_CUSTOMER_IDS, type CustomerStatusFilter } from "@/lib/rules/customer-status";
import type { CurrentUser } from "@/lib/auth/current-user";
import { customerLimitMessage } from "@/lib/rules/plans";
import type { ListTotal } from "@/lib/rules/customer-list";

export { countLabel, countText, type ListTotal } from "@/lib/rules/customer-list";

// Data hooks and small browser hooks shared by the customer screens.

export type SubscriptionUsage = {
  isAtLimit: boolean;
  subscriptionStatus: string;
  customersUsed: number;
  /** null means unlimited. */
  customersLimit: number | null;
};

export type ParkedCustomer = {
  id: number;
  name: string;
  email: string;
  membershipNumber: string;
  parkedReason: string | null;
  parkedAt: string | null;
  scheduledDeletionAt: string | null;
  hasBeenReactivated: boolean;
  daysUntilDeletion: number | null;
};

/** A customer list searched, sorted and paged by the server (issue 23): the hub's, and every
 *  picker's with its own rules (status, exclude) and page size. `ids` reads those customers only. */
export type CustomerListParams = {
  q: string;
  sort: CustomerSort;
  order: "asc" | "desc";
  status?: CustomerStatusFilter;
  exclude?: number;
  ids?: readonly number[];
  /** Page size; CUSTOMER_PAGE_SIZE when not given. */
  limit?: number;
};
export type CustomerPage = {
  rows: CustomerDto[];
  /** The next page's cursor (X-Next-Cursor, as sent: URL-encoded), null on the last page. */
  next: string | null;
  /** The first page's count of the whole list (X-Total-Count, X-Total-Kind). */
  total: ListTotal | null;
};

export const CUSTOMER_PAGE_SIZE = 50;
export const DEFAULT_CUSTOMER_ORDER = { sort: "joined", order: "desc" } as const;
/** A search box's text goes to the server after this pause in typing. */
export const SEARCH_DEBOUNCE_MS = 150;

/** Every page list of the hub shares this prefix: invalidating queryKeys.customers refreshes them. */
const customerPagesPrefix = [...queryKeys.customers, "pages"] as const;
export const customerPagesKey = (params: CustomerListParams) => [...customerPagesPrefix, params] as const;

export function customerPageUrl({ q, sort, order, status, exclude, ids, limit }: CustomerListParams, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("sort", sort);
  params.set("order", order);
  if (status) params.set("status", status);
  if (exclude !== undefined) params.set("exclude", String(exclude));
  if (ids) params.set("ids", ids.join(","));
  params.set("limit", String(limit ?? CUSTOMER_PAGE_SIZE));
  if (!cursor) params.set("total", "1");
  // The cursor header arrives URL-encoded and goes back as it came.
  return `${queryKeys.customers[0]}?${params}${cursor ? `&cursor=${cursor}` : ""}`;
}

const totalKind = (header: string | null): ListTotal["kind"] => (header === "at-least" || header === "about" ? header : "exact");

async function fetchCustomerPage(params: CustomerListParams, cursor: string | null): Promise<CustomerPage> {
  const res = await apiRequest("GET", customerPageUrl(params, cursor));
  const count = res.headers.get("x-total-count");
  return {
    rows: (await res.json()) as CustomerDto[],
    next: res.headers.get("x-next-cursor") || null,
    total: count === null ? null : { count: Number(count), kind: totalKind(res.headers.get("x-total-kind")) },
  };
}

/** One page at first; the next page only when the caller asks (the table nears its end, a
 *  picker's "load more"). While a new search or order loads, the previous rows stay on screen. */
export const useCustomerPages = (params: CustomerListParams, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...customerPagesOptions(params), placeholderData: keepPreviousData, enabled: options.enabled ?? true });

const customerPagesOptions = (params: CustomerListParams) =>
  infiniteQueryOptions({
    queryKey: customerPagesKey(params),
    queryFn: ({ pageParam }) => fetchCustomerPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CustomerPage) => last.next,
  });

/** The first page of a list now (from the cache useCustomerPages fills, or the server): for an
 *  action that cannot wait for a search box's pause, such as a scanner's Enter. */
export async function firstCustomerPage(queryClient: QueryClient, params: CustomerListParams): Promise<CustomerPage | undefined> {
  return (await queryClient.fetchInfiniteQuery(customerPagesOptions(params))).pages[0];
}

const NO_IDS: readonly number[] = [];

/** These customers (a dialog's preselected ones, from a URL), read MAX_CUSTOMER_IDS at a time;
 *  the ones no longer listed (parked, archived, another business's) are simply missing. */
export function useCustomersByIds(ids: readonly number[] = NO_IDS, options: { enabled?: boolean } = {}) {
  return useQuery<CustomerDto[]>({
    queryKey: [...customerPagesPrefix, "ids", ids],
    queryFn: async () => {
      const found: CustomerDto[] = [];
      for (let i = 0; i < ids.length; i += MAX_CUSTOMER_IDS) {
        const chunk = ids.slice(i, i + MAX_CUSTOMER_IDS);
        found.push(...(await fetchCustomerPage({ q: "", ...DEFAULT_CUSTOMER_ORDER, ids: chunk, limit: chunk.length }, null)).rows);
      }
      return found;
    },
    enabled: (options.enabled ?? true) && ids.length > 0,
  });
}

/** How many listed customers pass a filter (X-Total-Count of a one-row page): exact up to
 *  10,000, the planner's estimate beyond. */
export const useCustomerCount = (status?: CustomerStatusFilter, options: { enabled?: boolean } = {}) =>
  useQuery<ListTotal>({
    queryKey: [...customerPagesPrefix, "count", status ?? "all"],
    queryFn: async () => (await fetchCustomerPage({ q: "", ...DEFAULT_CUSTOMER_ORDER, status, limit: 1 }, null)).total ?? { count: 0, kind: "exact" },
    enabled: options.enabled ?? true,
  });

export const useParkedCustomers = () => useQuery<ParkedCustomer[]>({ queryKey: queryKeys.parkedCustomers });

export const useSubscriptionUsage = (options: { enabled?: boolean } = {}) =>
  useQuery<SubscriptionUsage>({ queryKey: queryKeys.subscriptionUsage, enabled: options.enabled ?? true });

export const useCurrentUser = (options: { enabled?: boolean } = {}) =>
  useQuery<CurrentUser | null>({
    queryKey: queryKeys.currentUser,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    enabled: options.enabled ?? true,
  });

/** Spec 2 section 5.10: adding is blocked whenever usage says the limit is reached, on any plan
 *  (starter, a trial, a payment-failure grace); not only on starter (issue 16). */
export const isAddBlocked = (usage: SubscriptionUsage | undefined) => !!usage && usage.isAtLimit;

/** The limit message for the business's real plan (the server answers the same text). */
export const limitMessageFor = (usage: SubscriptionUsage | undefined) => customerLimitMessage(usage?.subscriptionStatus ?? "pro_starter");

/** Puts a changed customer into the cached lists at once, then refetches them. */
export function storeUpdatedCustomer(queryClient: QueryClient, updated: CustomerDto) {
  queryClient.setQueriesData<InfiniteData<CustomerPage>>({ queryKey: customerPagesPrefix }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.map((c) => (c.id === updated.id ? updated : c)) })) } : data,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.customers });
}

/** After a write that changes balances (a transaction, a correction): page lists no screen shows
 *  now are dropped, not just marked stale, so a picker opened next starts from the server instead of
 *  offering the old balances while it refetches (a till picked a customer at once and previewed the
 *  balance before the purchase). Lists on screen are refetched by the caller's invalidation. */
export function dropHiddenCustomerLists(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: customerPagesPrefix, type: "inactive" });
}

/** Spec 1 section 7: what a new customer changes. */
export function invalidateAfterCustomerCreated(queryClient: QueryClient) {
  return Promise.all(
    [
      queryKeys.customers,
      queryKeys.dashboard.stats,
      queryKeys.dashboard.recentCustomers,
      queryKeys.dashboard.impactStats,
      queryKeys.dashboard.weeklyStats,
      queryKeys.subscriptionUsage,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** True below the spec's 640px breakpoint (false on the server and where matchMedia is missing). */
export function useIsSmallScreen(): boolean {
  const query = "(max-width: 639px)";
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window === "undefined" || !window.matchMedia) return () => {};
    const mql = window.matchMedia(query);
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== "undefined" && !!window.matchMedia && window.matchMedia(query).matches),
    () => false,
  );
}

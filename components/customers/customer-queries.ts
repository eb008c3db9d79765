"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  experimental_streamedQuery as streamedQuery,
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
import type { CurrentUser } from "@/lib/auth/current-user";
import { customerLimitMessage } from "@/lib/rules/plans";

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

/** The first page fills the hub's first table page; the rest come in pages small enough that
 *  parsing one never blocks the main thread for long (about 1 kB a customer). */
const FIRST_CUSTOMER_PAGE = 50;
const NEXT_CUSTOMER_PAGE = 1000;

const customerPage = (limit: number, before?: string) =>
  apiRequest("GET", `${queryKeys.customers[0]}?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`);

/** Resolves when the browser has a moment with nothing else to do (at most a second from now). */
const browserIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window !== "undefined" && typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

/** GET /api/customers a page at a time, newest first. The first request starts at once (not on
 *  the first read). The rest waits until the first page is on screen and the browser is idle, so
 *  it never competes with the page's start-up; from then on each next page is asked for as soon as
 *  the previous page's headers name it, so its download overlaps the parsing of the one before. */
function fetchCustomerPages(): AsyncGenerator<CustomerDto[]> {
  const first = customerPage(FIRST_CUSTOMER_PAGE);
  first.catch(() => {}); // rejects where it is awaited, below
  return readCustomerPages(first, true);
}

/** The whole list a page of NEXT_CUSTOMER_PAGE at a time, at once (the marketing export asks for
 *  it when pressed; nothing is kept after the caller is done with each page). */
export function customerListPages(): AsyncGenerator<CustomerDto[]> {
  const first = customerPage(NEXT_CUSTOMER_PAGE);
  first.catch(() => {}); // rejects where it is awaited
  return readCustomerPages(first, false);
}

const NEXT_HEADER = "x-next-before";

async function* readCustomerPages(first: Promise<Response>, waitIdle: boolean): AsyncGenerator<CustomerDto[]> {
  const res = await first;
  const next = res.headers.get(NEXT_HEADER);
  yield (await res.json()) as CustomerDto[];
  if (!next) return;
  if (waitIdle) await browserIdle();
  let pending: Promise<Response> | null = customerPage(NEXT_CUSTOMER_PAGE, next);
  while (pending) {
    const page: Response = await pending;
    const after = page.headers.get(NEXT_HEADER);
    pending = after ? customerPage(NEXT_CUSTOMER_PAGE, after) : null;
    pending?.catch(() => {}); // rejects where it is awaited, above
    yield (await page.json()) as CustomerDto[];
  }
}

/** The business's whole customer list (every screen that lists customers shares it). A business
 *  with thousands of customers gets the first rows at once and the rest while it reads them:
 *  `isFetching` stays true until the last page is in. A refetch keeps the old list on screen and
 *  swaps in the new one whole. */
export const useCustomers = (options: { enabled?: boolean } = {}) =>
  useQuery<CustomerDto[]>({
    queryKey: queryKeys.customers,
    queryFn: streamedQuery<CustomerDto[], CustomerDto[]>({
      streamFn: fetchCustomerPages,
      refetchMode: "replace",
      reducer: (list, page) => (list.length ? list.concat(page) : page),
      initialValue: [],
    }),
    enabled: options.enabled ?? true,
  });

/** The customer hub's list (issue 23): searched, sorted and paged by the server. */
export type CustomerListParams = { q: string; sort: CustomerSort; order: "asc" | "desc" };
export type CustomerPage = {
  rows: CustomerDto[];
  /** The next page's cursor (X-Next-Cursor, as sent: URL-encoded), null on the last page. */
  next: string | null;
  /** The first page's count of the whole list (X-Total-Count, X-Total-Kind). */
  total: ListTotal | null;
};

export const CUSTOMER_PAGE_SIZE = 50;
export const DEFAULT_CUSTOMER_ORDER = { sort: "joined", order: "desc" } as const;

/** Every page list of the hub shares this prefix: invalidating queryKeys.customers refreshes them. */
const customerPagesPrefix = [...queryKeys.customers, "pages"] as const;
export const customerPagesKey = (params: CustomerListParams) => [...customerPagesPrefix, params] as const;

export function customerPageUrl({ q, sort, order }: CustomerListParams, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("sort", sort);
  params.set("order", order);
  params.set("limit", String(CUSTOMER_PAGE_SIZE));
  if (!cursor) params.set("total", "1");
  // The cursor header arrives URL-encoded and goes back as it came.
  return `${queryKeys.customers[0]}?${params}${cursor ? `&cursor=${cursor}` : ""}`;
}

export type ListTotal = { count: number; kind: "exact" | "at-least" | "about" };
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

/** One page of 50 at first; the next page only when the caller asks (the table nears its end).
 *  While a new search or order loads, the previous rows stay on screen. */
export const useCustomerPages = (params: CustomerListParams) =>
  useInfiniteQuery({
    queryKey: customerPagesKey(params),
    queryFn: ({ pageParam }) => fetchCustomerPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CustomerPage) => last.next,
    placeholderData: keepPreviousData,
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

/** Puts a changed customer into the cached list at once, then refetches the list. */
export function storeUpdatedCustomer(queryClient: QueryClient, updated: CustomerDto) {
  queryClient.setQueryData<CustomerDto[]>(queryKeys.customers, (list) => list?.map((c) => (c.id === updated.id ? updated : c)));
  queryClient.setQueriesData<InfiniteData<CustomerPage>>({ queryKey: customerPagesPrefix }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.map((c) => (c.id === updated.id ? updated : c)) })) } : data,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.customers });
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

"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/client/api";
import { useDebounced } from "@/hooks/use-debounced";
import type { StaffCustomer, StaffCustomerPage } from "@/lib/staff/types";

// The staff list searched and paged by the server (issue 23: GET /api/staff/customers?q=&cursor=&limit=,
// the customer hub's search), read with fetch: no query library on the till's page.

/** Rows per page (the server's default too). */
export const STAFF_PAGE_SIZE = 50;
/** The server's largest page (lib/validation/customers.ts). */
const MAX_PAGE = 5000;
/** The box's text goes to the server after this pause in typing (the customer hub's). */
const SEARCH_PAUSE_MS = 150;

export const staffCustomersUrl = (q: string, cursor: string | null, limit = STAFF_PAGE_SIZE) =>
  `/api/staff/customers?limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ""}${cursor ? `&cursor=${cursor}` : ""}`;

async function readPage(q: string, cursor: string | null, limit?: number): Promise<StaffCustomerPage> {
  const res = await apiRequest("GET", staffCustomersUrl(q, cursor, limit));
  // The cursor header arrives URL-encoded and goes back as it came.
  return { next: res.headers.get("x-next-cursor") || null, customers: (await res.json()) as StaffCustomer[] };
}

type List = StaffCustomerPage & { q: string };

export type StaffCustomers = {
  /** The rows read so far for `q` (while another search loads, the previous one's stay). */
  list: List | undefined;
  error: unknown;
  /** The search typed is not yet the one shown. */
  searching: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Read the rows shown again (a transaction changed a balance). */
  reload: () => void;
  /** One customer as the server has them now (by their membership number), or undefined. */
  refresh: (customer: StaffCustomer) => Promise<StaffCustomer | undefined>;
};

/** `start`: the server's first page, read with the page (no request for it). */
export function useStaffCustomers(search: string, start?: StaffCustomerPage): StaffCustomers {
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const [list, setList] = useState<List | undefined>(start && { q: "", ...start });
  const [error, setError] = useState<unknown>();
  const [loadingMore, setLoadingMore] = useState(false);
  // Each read that replaces the list takes a number; an answer that is not the latest is dropped.
  const latest = useRef(0);

  const read = useCallback((text: string, limit: number, append?: List) => {
    const mine = append ? latest.current : ++latest.current;
    readPage(text, append?.next ?? null, limit)
      .then(
        (page) => {
          if (latest.current !== mine) return;
          setList({ q: text, next: page.next, customers: append ? [...append.customers, ...page.customers] : page.customers });
          setError(undefined);
        },
        (err: unknown) => latest.current === mine && setError(err),
      )
      .finally(() => append && setLoadingMore(false));
  }, []);

  const shownQ = list?.q;
  useEffect(() => {
    if (shownQ === q) latest.current++; // back to the search on screen: an answer still coming is old
    else read(q, STAFF_PAGE_SIZE);
  }, [q, shownQ, read]);

  return {
    list,
    error,
    searching: list === undefined || list.q !== search.trim(),
    loadingMore,
    loadMore: () => {
      if (!list?.next || loadingMore) return;
      setLoadingMore(true);
      read(list.q, STAFF_PAGE_SIZE, list);
    },
    reload: () => list && read(list.q, Math.min(MAX_PAGE, Math.max(STAFF_PAGE_SIZE, list.customers.length))),
    refresh: (customer) => readPage(customer.membershipNumber, null, 1).then((p) => p.customers.find((c) => c.id === customer.id), () => undefined),
  };
}

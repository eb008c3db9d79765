"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import type { LogPage } from "@/lib/activity/activity-log-dto";

/** A newest-first log read page by page with ?before= (the API's default page of 100). `first`, the
 *  first page as the page read it on the server, is the query's starting answer (no request). */
export function useLogPages<T>(queryKey: readonly [string], first?: LogPage<T>) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => apiJson<LogPage<T>>("GET", pageParam ? `${queryKey[0]}?before=${pageParam}` : queryKey[0]),
    getNextPageParam: (last: LogPage<T>) => last.nextBefore,
    initialData: first ? { pages: [first], pageParams: [null] } : undefined,
  });
}

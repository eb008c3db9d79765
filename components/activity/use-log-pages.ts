"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import type { LogPage } from "@/lib/activity/activity-log-dto";

/** A newest-first log read page by page with ?before= (the API's default page of 100). */
export function useLogPages<T>(queryKey: readonly [string]) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => apiJson<LogPage<T>>("GET", pageParam ? `${queryKey[0]}?before=${pageParam}` : queryKey[0]),
    getNextPageParam: (last: LogPage<T>) => last.nextBefore,
  });
}

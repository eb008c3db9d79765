"use client";

import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/client/api";

// The tabs' reads (the frame, tiles and skeletons: admin-section.tsx, server-safe).
export { AdminSection, LoadingRows, StatTile, selectClass } from "@/components/admin/admin-section";

/** A read through the query-key factory (the key's first element is the URL). `initialData`: what
 *  the page already read on the server for the first HTML (the same shape as the URL's answer). */
export function useAdminQuery<T>(queryKey: readonly unknown[], opts: { refetchInterval?: number; enabled?: boolean; initialData?: T } = {}) {
  return useQuery<T | null>({ queryKey, queryFn: getQueryFn<T>({ on401: "throw" }), ...opts });
}

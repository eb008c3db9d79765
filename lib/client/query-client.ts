import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/client/api";

// Spec defaults: cached data never goes stale, no refetch on window focus, no polling unless a
// screen asks for it, no retries. Writes invalidate the paths they affect explicitly.
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

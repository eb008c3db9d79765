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

let browserClient: QueryClient | undefined;

/** The tab's one query client (a new one for each server render). Every route group that reads
 *  queries mounts its own provider (components/query-provider.tsx), and they all share this client,
 *  so moving between groups keeps the cache as the root provider used to. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}

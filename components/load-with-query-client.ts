import type { ComponentType } from "react";

// The business layout mounts no react-query provider (issue 23: ~7.4 kB gzipped of every business
// page's first load). A part loaded on demand that reads queries or sends with mutations brings the
// provider with its own code: the provider module (and react-query) is imported beside it, never
// statically from here, so this module stays out of the first load.

/** A loader for next/dynamic (or Takeover) whose component comes wrapped in QueryProvider. */
export function loadWithQueryClient<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () => Promise.all([load(), import("@/components/query-provider")]).then(([Component, q]) => q.withQueryClient(Component));
}

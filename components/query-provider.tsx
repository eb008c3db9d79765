"use client";

import { useContext, useState, type ComponentType, type ReactNode } from "react";
import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/client/query-client";

// react-query (its client, provider and our fetch helper: ~10 kB gzipped) used to be in the root
// layout, so every page loaded it first, including the portal and public pages that read no query
// (issue 23). The admin layout mounts this provider; the business pages whose first screen reads
// queries (account, onboarding, insights, the simulated billing pages) mount it themselves, and the
// parts loaded after a page (live hubs, chat, admin messages, the park dialog, the sign-up tab,
// forgot password) bring it with their own code (withQueryClient). The staff pages read none.
// Inside another provider (a test's client, or a nested group) it adds nothing.
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(getQueryClient);
  if (outer) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The component inside a QueryProvider: for parts that are imported on demand by pages without one. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}

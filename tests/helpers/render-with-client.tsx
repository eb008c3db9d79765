import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";

// Renders a screen the way the app does: inside the app's query client, with the toaster beside it
// (toast: false leaves it out, for screens whose tests read no toasts). Pass a client to seed its
// cache first; rerender keeps the same client and toaster.
export function renderWithClient(ui: ReactElement, { client = makeQueryClient(), toast = true }: { client?: QueryClient; toast?: boolean } = {}) {
  const wrap = (node: ReactElement) => (
    <QueryClientProvider client={client}>
      {node}
      {toast ? <Toaster /> : null}
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, client, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

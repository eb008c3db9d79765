"use client";

import { useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { warmUpIntl } from "@/lib/rules/format";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  // The tab's first Intl formatter loads ICU's locale data (lib/rules/format.ts lazyFormatter): do it right
  // after hydration, in a task of its own, rather than in the render that first shows a date.
  useEffect(() => {
    const timer = setTimeout(warmUpIntl, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

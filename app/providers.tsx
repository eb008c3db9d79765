"use client";

import { useEffect, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { warmUpIntl } from "@/lib/rules/format";

// The toaster shows nothing until a toast is raised: it (and sonner, 9 kB gzipped) loads after
// hydration, outside every page's first-load JavaScript (issue 23). sonner replays the toasts raised
// before it mounted. react-query's provider is not here: the layouts of the pages that read queries
// mount it (components/query-provider.tsx), so the portal and public pages do not load it.
const Toaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });

export function Providers({ children }: { children: ReactNode }) {
  // The tab's first Intl formatter loads ICU's locale data (lib/rules/format.ts lazyFormatter): do it right
  // after hydration, in a task of its own, rather than in the render that first shows a date.
  useEffect(() => {
    const timer = setTimeout(warmUpIntl, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

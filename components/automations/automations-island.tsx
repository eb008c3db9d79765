"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import type { AutomationsPageProps } from "@/components/automations/automations-page";
import { loadWithQueryClient } from "@/components/load-with-query-client";

// The Automations page's client code (Radix controls, react-query, the forms) loads after the page;
// until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLivePage = loadWithQueryClient(() => import("@/components/automations/automations-page").then((m) => m.AutomationsPage));

export function AutomationsIsland({ children, ...props }: AutomationsPageProps & { children: ReactNode }) {
  return (
    <Takeover load={loadLivePage} props={props} pendingLabel="loading automations...">
      {children}
    </Takeover>
  );
}

"use client";

import type { ReactNode } from "react";
import { Takeover } from "@/components/ui/takeover";
import type { LiveCustomerHubProps } from "@/components/customers/customer-hub-live";

// The customer hub's client code (react-query, the virtualized table, the dialogs) loads after the
// page; until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = () => import("@/components/customers/customer-hub-live").then((m) => m.loadLiveCustomerHub());

export function CustomerHubIsland({ eager, children, ...props }: LiveCustomerHubProps & { eager: boolean; children: ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={props} eager={eager} when="use" pendingLabel="loading customers...">
      {children}
    </Takeover>
  );
}

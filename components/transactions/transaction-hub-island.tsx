"use client";

import { Takeover } from "@/components/ui/takeover";
import type { LiveTransactionHubProps } from "@/components/transactions/transaction-hub-live";

// The transaction hub's client code (react-query, cmdk, the table, the dialogs) loads after the
// page; until then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = () => import("@/components/transactions/transaction-hub-live").then((m) => m.loadLiveTransactionHub());

export function TransactionHubIsland({ eager, children, ...props }: LiveTransactionHubProps & { eager: boolean; children: React.ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={props} eager={eager} when="use" pendingLabel="loading transactions...">
      {children}
    </Takeover>
  );
}

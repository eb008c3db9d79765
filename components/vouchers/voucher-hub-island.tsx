"use client";

import { Takeover } from "@/components/ui/takeover";
import type { VoucherFirstPage } from "@/components/vouchers/voucher-hub-parts";

// The voucher hub's client code (react-query, the table, the dialogs) loads after the page; until
// then the server's screen (the children) is on screen (components/ui/takeover.tsx).

const loadLiveHub = () => import("@/components/vouchers/voucher-hub-live").then((m) => m.loadLiveVoucherHub());

export function VoucherHubIsland({ firstPage, eager, children }: { firstPage: VoucherFirstPage; eager: boolean; children: React.ReactNode }) {
  return (
    <Takeover load={loadLiveHub} props={{ firstPage }} eager={eager} pendingLabel="loading vouchers...">
      {children}
    </Takeover>
  );
}

"use client";

import { preloadDataTable } from "@/components/ui/data-table";
import { VoucherHub } from "@/components/vouchers/voucher-hub";
import { withQueryClient } from "@/components/query-provider";

// The live voucher hub after the server's first screen (voucher-hub-island.tsx), with the table
// code it draws its rows with (else the rows would flash as skeletons). It starts from the server's
// first page (newest vouchers) and reads the next ones from GET /api/promos when asked. Inside the layout's query client, or its own
// when the page has none (react-query then loads with the hub).
const LiveVoucherHub = withQueryClient(VoucherHub);
export const loadLiveVoucherHub = () => preloadDataTable().then(() => LiveVoucherHub);

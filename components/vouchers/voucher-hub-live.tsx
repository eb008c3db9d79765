"use client";

import { preloadDataTable } from "@/components/ui/data-table";
import { VoucherHub } from "@/components/vouchers/voucher-hub";

// The live voucher hub after the server's first screen (voucher-hub-island.tsx), with the table
// code it draws its rows with (else the rows would flash as skeletons). It shows the server's
// newest vouchers until it has read the whole list.
export const loadLiveVoucherHub = () => preloadDataTable().then(() => VoucherHub);

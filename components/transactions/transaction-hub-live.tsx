"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { preloadDataTable } from "@/components/ui/data-table";
import { queryKeys } from "@/lib/client/query-keys";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import { TransactionHub } from "@/components/transactions/transaction-hub";
import { seedPromoVouchers } from "@/components/transactions/transaction-queries";
import { withQueryClient } from "@/components/query-provider";

// The live transaction hub after the server's first screen (transaction-hub-island.tsx): its
// first page is the one the server read with the page, put in react-query's cache before the hub
// reads it, so the hub draws the same rows without asking again; so are the vouchers of its promo
// codes (issue 23: the promo column reads only the codes of the pages on screen).

export type LiveTransactionHubProps = { rows: TransactionDto[]; promos: readonly PromoVoucher[] };

function SeededTransactionHub({ rows, promos }: LiveTransactionHubProps) {
  const queryClient = useQueryClient();
  useState(() => {
    queryClient.setQueryData(queryKeys.transactionList(""), { pages: [rows], pageParams: [undefined] });
    seedPromoVouchers(queryClient, rows, promos);
  });
  return <TransactionHub />;
}

/** Inside the layout's query client, or its own when the page has none (react-query then loads with the hub). */
export const LiveTransactionHub = withQueryClient(SeededTransactionHub);

/** The hub with the table code it draws its rows with (else the rows would flash as skeletons). */
export const loadLiveTransactionHub = () => preloadDataTable().then(() => LiveTransactionHub);

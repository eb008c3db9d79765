"use client";

import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import { TRANSACTION_TABLE_EMPTY, transactionColumns, transactionRowId } from "@/components/transactions/transaction-columns";
import type { TransactionDto } from "@/components/transactions/transaction-queries";

// Spec 2 section 2.1: the hub's table, on the shared DataTable (issue 20): a card a row on phones.
// The hub pages it on the server ("load more"), so it draws every row it is given. The columns are
// shared with the first screen the server draws (transaction-columns.tsx).

const SKELETON_ROWS = 10;

type Props = {
  /** undefined while the first page loads. */
  rows: TransactionDto[] | undefined;
  /** undefined when the vouchers list could not be loaded: promo codes show without a status. */
  vouchers: readonly PromoVoucher[] | undefined;
  onEdit: (t: TransactionDto) => void;
  onDelete: (t: TransactionDto) => void;
};

export function TransactionTable({ rows, vouchers, onEdit, onDelete }: Props) {
  const columns = useMemo(() => transactionColumns(vouchers, { onEdit, onDelete }), [vouchers, onEdit, onDelete]);
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={transactionRowId}
      aria-label="transactions"
      skeleton={{ rows: SKELETON_ROWS, testId: "transaction-skeleton-row", perColumn: true }}
      empty={TRANSACTION_TABLE_EMPTY}
    />
  );
}

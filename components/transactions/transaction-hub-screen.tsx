import { SearchInput } from "@/components/ui/search-input";
import { StaticDataTable } from "@/components/ui/static-data-table";
import { StaticExplainer } from "@/components/ui/explainer-static";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import { TRANSACTION_TABLE_EMPTY, transactionColumns, transactionRowId } from "@/components/transactions/transaction-columns";
import {
  LoadMore,
  QuickFindBox,
  TRANSACTION_EXPLAINER_TITLE,
  TRANSACTION_SEARCH,
  TRANSACTIONS_PAGE_SIZE,
  TransactionHubFrame,
  TransactionHubHeader,
} from "@/components/transactions/transaction-hub-parts";

// The transaction hub's first screen, rendered on the server with the business's newest page of
// transactions (issue 23): what the live hub (transaction-hub.tsx) draws once its page is loaded,
// from the same parts and columns, without its code. TransactionHubIsland swaps in the live hub.

export function TransactionHubScreen({ rows, promos }: { rows: TransactionDto[]; promos: readonly PromoVoucher[] }) {
  return (
    <TransactionHubFrame
      header={<TransactionHubHeader />}
      quickFind={<QuickFindBox />}
      explainer={<StaticExplainer title={TRANSACTION_EXPLAINER_TITLE} />}
      toolbar={<SearchInput {...TRANSACTION_SEARCH} />}
      list={
        <>
          <StaticDataTable columns={transactionColumns(promos, {})} data={rows} getRowId={transactionRowId} aria-label="transactions" empty={TRANSACTION_TABLE_EMPTY} />
          {rows.length >= TRANSACTIONS_PAGE_SIZE && <LoadMore />}
        </>
      }
    />
  );
}

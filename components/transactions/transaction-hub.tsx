"use client";

import { useCallback, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { TransactionExplainer } from "@/components/transactions/transaction-explainer";
import { TransactionTable } from "@/components/transactions/transaction-table";
import { LoadMore, TRANSACTION_SEARCH, TransactionHubFrame, TransactionHubHeader } from "@/components/transactions/transaction-hub-parts";
import { CustomerQuickFind } from "@/components/transactions/customer-quick-find";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useDebounced } from "@/hooks/use-debounced";
import type { StartCamera } from "@/components/transactions/qr-camera";
import { usePromoVouchers, useTransactionPages, type TransactionDto } from "@/components/transactions/transaction-queries";
import { QueryError } from "@/components/ui/query-error";

// The transaction hub (/transactions, spec 2 section 2.1). The search runs on the server (?q=,
// debounced) and the list comes a page at a time (?before=), so a business with 200,000
// transactions only ever loads what is on screen. ?add=1&customerId=ID (the customer hub's
// 'process transaction') opens the Process Transaction dialog for that customer.

export const SEARCH_DEBOUNCE_MS = 250;

// The dialogs (forms, validation schemas, the QR scanner) load the first time each opens, not
// with the page.
const ProcessTransactionDialog = dynamic(() => import("@/components/transactions/process-transaction-dialog").then((m) => m.ProcessTransactionDialog), { ssr: false });
const QrScannerDialog = dynamic(() => import("@/components/transactions/qr-scanner-dialog").then((m) => m.QrScannerDialog), { ssr: false });
const EditTransactionDialog = dynamic(() => import("@/components/transactions/edit-transaction-dialog").then((m) => m.EditTransactionDialog), { ssr: false });
const DeleteTransactionDialog = dynamic(() => import("@/components/transactions/delete-transaction-dialog").then((m) => m.DeleteTransactionDialog), { ssr: false });

const positiveInt = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : null;
};

type ProcessState = { customerId: number | null; customer: CustomerDto | null };

type TransactionHubProps = { startCamera?: StartCamera };

export function TransactionHub({ startCamera }: TransactionHubProps = {}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useTransactionPages(q);
  // The vouchers of the promo codes on screen (GET /api/promos?codes=, a call a page).
  const vouchers = usePromoVouchers(pages.data?.pages);

  const [process, setProcess] = useState<ProcessState | null>(null);
  const [scanOpen, setScanOpen] = useState(false);
  const [editing, setEditing] = useState<TransactionDto | null>(null);
  const [deleting, setDeleting] = useState<TransactionDto | null>(null);

  // ?add=1 opens the dialog once per visit of that URL.
  const wantsAdd = params.get("add") === "1";
  const [addParamSeen, setAddParamSeen] = useState(false);
  if (wantsAdd && !addParamSeen) {
    setAddParamSeen(true);
    setProcess({ customerId: positiveInt(params.get("customerId")), customer: null });
  } else if (!wantsAdd && addParamSeen) {
    setAddParamSeen(false);
  }
  const onProcessOpenChange = (open: boolean) => {
    if (open) return;
    setProcess(null);
    if (wantsAdd) router.replace(pathname);
  };

  const onIdentified = useCallback((customer: CustomerDto) => {
    setScanOpen(false);
    setProcess({ customerId: customer.id, customer });
  }, []);

  const processMounted = useOpenedOnce(process !== null);
  const scanMounted = useOpenedOnce(scanOpen);
  const editMounted = useOpenedOnce(editing !== null);
  const deleteMounted = useOpenedOnce(deleting !== null);

  const rows = useMemo(() => pages.data?.pages.flat(), [pages.data]);
  const searching = pages.isFetching && !pages.isFetchingNextPage && rows !== undefined;

  return (
    <TransactionHubFrame
      header={<TransactionHubHeader onScan={() => setScanOpen(true)} onAdd={() => setProcess({ customerId: null, customer: null })} />}
      quickFind={<CustomerQuickFind onPick={(customer) => setProcess({ customerId: customer.id, customer })} />}
      explainer={<TransactionExplainer />}
      toolbar={
        <>
          <SearchInput {...TRANSACTION_SEARCH} value={query} onValueChange={setQuery} />
          {searching && <Spinner label="searching..." />}
        </>
      }
      list={
        pages.isError && rows === undefined ? (
          <QueryError title="could not load transactions" error={pages.error} onRetry={() => pages.refetch()} />
        ) : (
          <>
            <TransactionTable rows={rows} vouchers={vouchers} onEdit={setEditing} onDelete={setDeleting} />
            {pages.isFetchNextPageError && (
              <p role="alert" className="text-center text-sm text-destructive">
                could not load more transactions: {errorMessage(pages.error)}
              </p>
            )}
            {pages.hasNextPage && !pages.isPlaceholderData && (
              <LoadMore onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage} />
            )}
          </>
        )
      }
    >
      {processMounted && (
        <ProcessTransactionDialog
          open={process !== null}
          onOpenChange={onProcessOpenChange}
          initialCustomerId={process?.customerId ?? null}
          initialCustomer={process?.customer ?? null}
        />
      )}
      {scanMounted && <QrScannerDialog open={scanOpen} onOpenChange={setScanOpen} onIdentified={onIdentified} startCamera={startCamera} />}
      {editMounted && <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />}
      {deleteMounted && <DeleteTransactionDialog transaction={deleting} onClose={() => setDeleting(null)} />}
    </TransactionHubFrame>
  );
}

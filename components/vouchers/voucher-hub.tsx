"use client";

import { useCallback, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LazyConfirmDialog as ConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { useDebounced } from "@/hooks/use-debounced";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { EMPTY_DRAFT, draftFromVoucher, type VoucherDraft } from "@/components/vouchers/voucher-draft";
import { VoucherExplainers } from "@/components/vouchers/voucher-explainers";
import { VoucherTable } from "@/components/vouchers/voucher-table";
import { VoucherSendJobs } from "@/components/vouchers/voucher-send-jobs";
import {
  DEFAULT_VOUCHER_ORDER,
  VOUCHER_SEARCH_DEBOUNCE_MS,
  invalidateAfterVoucherChange,
  useVoucherPages,
  type CreateVoucherResult,
  type VoucherListParams,
} from "@/components/vouchers/voucher-queries";
import { QueryError } from "@/components/ui/query-error";
import { ShowMoreButton } from "@/components/ui/show-more";
import { VOUCHERS_PAGE_SIZE, VOUCHER_SEARCH, VoucherHubFrame, showMoreText, type VoucherFirstPage } from "@/components/vouchers/voucher-hub-parts";

// The voucher hub (/vouchers, spec 2.6). ?create=1&customerIds=1,2,3 (the customer hub's 'send
// promo') opens the create dialog with those customers selected. The dialogs mount only while
// open, so each opening starts from its own initial values.
// Issue 23: the list is the server's (GET /api/promos?q=&sort=&order=&cursor=), newest first, 50 at
// a time: the search box sends q (title, description or promo code) after a 150 ms pause in
// typing, "show more" reads the next page. It starts from the page the server drew with /vouchers.

export { VOUCHERS_PAGE_SIZE };

export function parseCustomerIds(raw: string | null): number[] {
  if (!raw) return [];
  return [...new Set(raw.split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))];
}

// The dialogs (forms, validation schemas, the email preview) load the first time each opens.
const EmailSimulationPopup = dynamic(() => import("@/components/email-simulation/email-simulation-popup").then((m) => m.EmailSimulationPopup), { ssr: false });
const CreateVoucherDialog = dynamic(() => import("@/components/vouchers/create-voucher-dialog").then((m) => m.CreateVoucherDialog), { ssr: false });
const EditVoucherDialog = dynamic(() => import("@/components/vouchers/edit-voucher-dialog").then((m) => m.EditVoucherDialog), { ssr: false });
const VoucherNotifiedDialog = dynamic(() => import("@/components/vouchers/voucher-notified-dialog").then((m) => m.VoucherNotifiedDialog), { ssr: false });

type CreateState = { draft: VoucherDraft; customerIds: number[] };

export function VoucherHub({ firstPage }: { firstPage?: VoucherFirstPage } = {}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), VOUCHER_SEARCH_DEBOUNCE_MS);
  const listParams = useMemo<VoucherListParams>(() => ({ q, ...DEFAULT_VOUCHER_ORDER }), [q]);
  const pages = useVoucherPages(listParams, firstPage);
  const [create, setCreate] = useState<CreateState | null>(null);
  const [editing, setEditing] = useState<VoucherDto | null>(null);
  const [cancelling, setCancelling] = useState<VoucherDto | null>(null);
  const [notified, setNotified] = useState<VoucherDto | null>(null);
  const [emailPopup, setEmailPopup] = useState(false);

  // ?create=1 opens the dialog once per visit of that URL.
  const wantsCreate = params.get("create") === "1";
  const [createParamSeen, setCreateParamSeen] = useState(false);
  if (wantsCreate && !createParamSeen) {
    setCreateParamSeen(true);
    setCreate({ draft: EMPTY_DRAFT, customerIds: parseCustomerIds(params.get("customerIds")) });
  } else if (!wantsCreate && createParamSeen) {
    setCreateParamSeen(false);
  }

  const openCreate = (draft: VoucherDraft = EMPTY_DRAFT) => setCreate({ draft, customerIds: [] });
  const closeCreate = () => {
    setCreate(null);
    if (wantsCreate) router.replace(pathname);
  };
  const onCreated = useCallback((result: CreateVoucherResult) => {
    if (result.emailsSent > 0) setEmailPopup(true);
  }, []);

  const cancel = useMutation({ mutationFn: (v: VoucherDto) => apiJson<{ voucher: VoucherDto }>("DELETE", `/api/vouchers/${v.id}`) });
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling);
      toast({ title: "voucher deleted" });
      void invalidateAfterVoucherChange(queryClient);
    } catch (error) {
      toast({ variant: "destructive", title: "delete failed", description: errorMessage(error) });
      void invalidateAfterVoucherChange(queryClient);
    }
  };

  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.rows), [pages.data]);
  const total = pages.data?.pages[0]?.total ?? null;
  // A new search is loading with the previous rows still on screen.
  const searching = pages.isFetching && !pages.isFetchingNextPage && pages.isPlaceholderData;
  const more = total !== null && rows ? total - rows.length : 0;
  const onEmailPopupChange = useCallback((open: boolean) => setEmailPopup(open), []);
  const cancelMounted = useOpenedOnce(cancelling !== null);
  const notifiedMounted = useOpenedOnce(notified !== null);
  const emailPopupMounted = useOpenedOnce(emailPopup);

  return (
    <VoucherHubFrame
      onCreate={() => openCreate()}
      explainers={<VoucherExplainers />}
      jobs={<VoucherSendJobs />}
      search={
        <SearchInput
          {...VOUCHER_SEARCH}
          value={query}
          onValueChange={setQuery}
          aria-busy={searching}
          trailing={searching && <Spinner label="searching vouchers" className="absolute top-1/2 right-4 -translate-y-1/2 sm:right-3" />}
        />
      }
      list={
        pages.isError && !pages.isFetchNextPageError ? (
          <QueryError title="could not load vouchers" error={pages.error} onRetry={() => pages.refetch()} />
        ) : (
          <>
            <VoucherTable rows={rows} searching={q !== ""} onEdit={setEditing} onReuse={(v) => openCreate(draftFromVoucher(v))} onCancel={setCancelling} />
            {pages.isFetchNextPageError && <QueryError title="could not load more vouchers" error={pages.error} onRetry={() => void pages.fetchNextPage()} />}
            <ShowMoreButton hidden={pages.hasNextPage && !pages.isPlaceholderData && more > 0} onClick={() => !pages.isFetchingNextPage && void pages.fetchNextPage()}>
              {showMoreText(more)}
            </ShowMoreButton>
          </>
        )
      }
    >
      {create && (
        <CreateVoucherDialog
          open
          onOpenChange={(open) => !open && closeCreate()}
          initialDraft={create.draft}
          initialCustomerIds={create.customerIds}
          onCreated={onCreated}
        />
      )}
      {editing && <EditVoucherDialog key={editing.id} voucher={editing} onClose={() => setEditing(null)} onNotified={setNotified} />}
      {cancelMounted && (
        <ConfirmDialog
          open={cancelling !== null}
          onOpenChange={(open) => !open && setCancelling(null)}
          title="delete voucher"
          description={
            cancelling
              ? `cancel "${cancelling.title}" (${cancelling.promoCode}) for ${cancelling.customer.name}? the code will stop working straight away. this cannot be undone.`
              : undefined
          }
          confirmLabel="delete voucher"
          pendingLabel="deleting..."
          cancelLabel="keep voucher"
          destructive
          onConfirm={confirmCancel}
        />
      )}
      {notifiedMounted && <VoucherNotifiedDialog notified={notified} onClose={() => setNotified(null)} />}
      {emailPopupMounted && <EmailSimulationPopup open={emailPopup} onOpenChange={onEmailPopupChange} />}
    </VoucherHubFrame>
  );
}

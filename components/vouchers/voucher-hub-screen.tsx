import { SearchInput } from "@/components/ui/search-input";
import { Button } from "@/components/ui/button";
import { StaticDataTable } from "@/components/ui/static-data-table";
import { EXPLAINER_ICON_CLASS, StaticExplainer } from "@/components/ui/explainer-static";
import { InlineIcon } from "@/components/ui/inline-icon";
import { VoucherTableEmpty, voucherColumns, voucherRowId, voucherRowProps } from "@/components/vouchers/voucher-columns";
import { VOUCHER_EXPLAINER_TITLES as TITLES, VOUCHER_SEARCH, VoucherHubFrame, showMoreText, type VoucherFirstPage } from "@/components/vouchers/voucher-hub-parts";

// The voucher hub's first screen, rendered on the server with the business's newest vouchers
// (issue 23): what the live hub (voucher-hub.tsx) draws with them, from the same parts and
// columns, without its code. VoucherHubIsland swaps in the live hub.

export function VoucherHubScreen({ firstPage }: { firstPage: VoucherFirstPage }) {
  const { rows, total } = firstPage;
  return (
    <VoucherHubFrame
      explainers={
        <div className="grid items-start gap-3 lg:grid-cols-3">
          <StaticExplainer title={TITLES.status} icon={<InlineIcon name="refresh-cw" className={EXPLAINER_ICON_CLASS} />} />
          <StaticExplainer title={TITLES.permissions} icon={<InlineIcon name="user-check" className={EXPLAINER_ICON_CLASS} />} />
          <StaticExplainer title={TITLES.protection} icon={<InlineIcon name="shield-check" className={EXPLAINER_ICON_CLASS} />} />
        </div>
      }
      jobs={null}
      search={<SearchInput {...VOUCHER_SEARCH} />}
      list={
        <>
          <StaticDataTable columns={voucherColumns({})} data={rows} getRowId={voucherRowId} rowProps={voucherRowProps} aria-label="vouchers" empty={<VoucherTableEmpty searching={false} />} />
          {total > rows.length && (
            <div className="flex justify-center">
              <Button type="button" variant="outline" data-takeover-key="show-more">
                {showMoreText(total - rows.length)}
              </Button>
            </div>
          )}
        </>
      }
    />
  );
}

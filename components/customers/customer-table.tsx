"use client";

import { lazy, Suspense, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable, type SortingState } from "@/components/ui/data-table";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import { addFirstCustomerLabel, CUSTOMER_TABLE_HEADER, customerColumns, CustomerTableEmpty, ROW_KEYS, RowActionsButton } from "@/components/customers/customer-columns";
import { CUSTOMER_PAGE_SIZE } from "@/components/customers/customer-queries";

// Spec 1 section 2, the customer table (its columns: customer-columns.tsx). On the shared DataTable
// (issue 20): the rows the hub has loaded are virtualized against the window, so 100,000 customers
// scroll with a few dozen rows in the DOM; the sortable headers (customer = name, points, spent,
// last visit) ask the server for that order (issue 23).

export const SKELETON_ROWS = 10;
/** A desktop row's height in px (the avatar and two lines of text). */
const ROW_HEIGHT = 61;

export { lastVisitLabel, RowActionsButton, spentPounds } from "@/components/customers/customer-columns";

export type RowHandlers = {
  onToggle: (id: number, selected: boolean) => void;
  onOpen: (customer: CustomerDto, tab: CustomerDetailTab) => void;
  onProcessTransaction: (customer: CustomerDto) => void;
  onSendVoucher: (customer: CustomerDto) => void;
};

type CustomerTableProps = RowHandlers & {
  /** The rows loaded so far; undefined while the first page loads. */
  rows: readonly CustomerDto[] | undefined;
  /** How many customers the list holds on the server (aria-rowcount), when known. */
  total: number | undefined;
  selected: ReadonlySet<number>;
  onToggleAll: (selected: boolean) => void;
  /** Whether the business has any customer before the search: none shows 'add your first customer'. */
  hasCustomers: boolean;
  onAddFirst: () => void;
  addDisabled: boolean;
  /** Below 640px a tap on a row opens its details. */
  tapToOpen: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** The next page is on its way (skeleton rows after the last). */
  loadingMore: boolean;
  /** The rendered rows came near the last loaded one. */
  onEndReached: () => void;
};

const rowId = (c: CustomerDto) => String(c.id);

export function CustomerTable({
  rows,
  total,
  selected,
  onToggleAll,
  hasCustomers,
  onAddFirst,
  addDisabled,
  tapToOpen,
  sorting,
  onSortingChange,
  loadingMore,
  onEndReached,
  ...handlers
}: CustomerTableProps) {
  const { onToggle, onOpen, onProcessTransaction, onSendVoucher } = handlers;
  const shownSelected = rows && rows.length > 0 ? rows.reduce((n, c) => n + (selected.has(c.id) ? 1 : 0), 0) : 0;
  const allState = rows && rows.length > 0 && shownSelected === rows.length ? true : shownSelected > 0 ? "indeterminate" : false;
  const noRows = !rows || rows.length === 0;

  const columns = useMemo(
    () =>
      customerColumns({
        selectAll: () => (
          <Checkbox aria-label="select all listed customers" checked={allState} disabled={noRows} onCheckedChange={(v) => onToggleAll(v === true)} data-takeover-key={ROW_KEYS.selectAll} />
        ),
        select: (c) => <Checkbox aria-label={`select ${c.name}`} checked={selected.has(c.id)} onCheckedChange={(v) => onToggle(c.id, v === true)} data-takeover-key={ROW_KEYS.select(c.id)} />,
        actions: (c) => <RowActions customer={c} onOpen={onOpen} onProcessTransaction={onProcessTransaction} onSendVoucher={onSendVoucher} />,
      }),
    [allState, noRows, onToggleAll, selected, onToggle, onOpen, onProcessTransaction, onSendVoucher],
  );

  // The second page waits until the rows are scrolled to near the end of the first (never asked for
  // up front); from then on the list keeps two pages ahead of the rows on screen, so a fast flick
  // down a long list does not catch up with the last row loaded.
  const endThreshold = rows && rows.length > CUSTOMER_PAGE_SIZE ? 2 * CUSTOMER_PAGE_SIZE : 15;
  const virtual = useMemo(() => ({ estimateSize: ROW_HEIGHT, overscan: 6, onEndReached, endThreshold }), [onEndReached, endThreshold]);

  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={rowId}
      sorting={sorting}
      onSortingChange={(updater) => onSortingChange(typeof updater === "function" ? updater(sorting) : updater)}
      manualSorting
      aria-label="customers"
      rowCount={total}
      virtual={virtual}
      loadingMore={loadingMore}
      skeleton={{ rows: SKELETON_ROWS, testId: "customer-skeleton-row" }}
      {...CUSTOMER_TABLE_HEADER}
      rowProps={(c) => ({
        "data-testid": "customer-row",
        "data-state": selected.has(c.id) ? "selected" : undefined,
        className: tapToOpen ? "cursor-pointer" : undefined,
        onClick: tapToOpen ? () => onOpen(c, "details") : undefined,
      })}
      empty={
        <CustomerTableEmpty
          addFirst={
            !hasCustomers && (
              <Button type="button" onClick={onAddFirst} disabled={addDisabled} data-takeover-key="add-first-customer">
                {addFirstCustomerLabel}
              </Button>
            )
          }
        />
      }
    />
  );
}

// The actions menu (Radix menu and floating-ui) is fetched when a row's actions button is first
// pointed at, focused or pressed, and mounts open on that press: the rows do not need it to show,
// and it would otherwise weigh on every visit to the hub.
const loadRowActions = () => import("@/components/customers/customer-row-actions");
const CustomerRowActions = lazy(() => loadRowActions().then((m) => ({ default: m.CustomerRowActions })));
const preloadRowActions = () => void loadRowActions().catch(() => {});

function RowActions(props: Omit<RowHandlers, "onToggle"> & { customer: CustomerDto }) {
  const [active, setActive] = useState(false);
  const button = (
    <RowActionsButton name={props.customer.name} onPointerEnter={preloadRowActions} onFocus={preloadRowActions} onClick={() => setActive(true)} data-takeover-key={ROW_KEYS.actions(props.customer.id)} />
  );
  if (!active) return button;
  return (
    <Suspense fallback={button}>
      <CustomerRowActions {...props} />
    </Suspense>
  );
}

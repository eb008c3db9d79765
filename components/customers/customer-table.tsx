"use client";

import { lazy, Suspense, useMemo, useState, type ComponentProps } from "react";
import { MoreHorizontal, UserPlus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable, type ColumnDef, type SortingState } from "@/components/ui/data-table";
import { formatCompact, formatDate, formatPounds, lazyFormatter } from "@/lib/rules/format";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerStatus } from "@/lib/rules/customer-status";
import type { CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import { formatUkPhone } from "@/lib/rules/uk-phone";
import { CUSTOMER_PAGE_SIZE } from "@/components/customers/customer-queries";

// Spec 1 section 2, customer table: select, customer (initial, name, join date), contact, points,
// spent (whole pounds), last visit (day/month or 'never'), status (large screens and phone cards),
// actions. On the shared DataTable (issue 20): the rows the hub has loaded are virtualized against
// the window, so 100,000 customers scroll with a few dozen rows in the DOM; the sortable headers
// (customer = name, points, spent, last visit) ask the server for that order (issue 23).

export const SKELETON_ROWS = 10;
/** A desktop row's height in px (the avatar and two lines of text). */
const ROW_HEIGHT = 61;

const dayMonth = lazyFormatter(() => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", timeZone: "Europe/London" }));

export const lastVisitLabel = (lastVisit: string | null) => (lastVisit ? dayMonth().format(new Date(lastVisit)) : "never");
export const spentPounds = (lifetimeSpent: string) => formatPounds(Math.round(Number(lifetimeSpent) * 100) || 0);

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

  const columns = useMemo<ColumnDef<CustomerDto, unknown>[]>(
    () => [
      {
        id: "select",
        header: () => (
          <Checkbox aria-label="select all listed customers" checked={allState} disabled={noRows} onCheckedChange={(v) => onToggleAll(v === true)} />
        ),
        cell: ({ row }) => {
          const c = row.original;
          return <Checkbox aria-label={`select ${c.name}`} checked={selected.has(c.id)} onCheckedChange={(v) => onToggle(c.id, v === true)} />;
        },
        meta: { headClassName: "w-10 max-md:h-auto max-md:p-0", stopRowClick: true },
      },
      {
        id: "name",
        accessorFn: (c) => c.name,
        header: () => (
          <>
            customer<span className="md:hidden">s listed</span>
          </>
        ),
        cell: ({ row }) => <CustomerCell c={row.original} />,
        enableSorting: true,
        sortDescFirst: false,
        meta: { className: "max-md:flex-1", headClassName: "max-md:h-auto max-md:p-0", sortLabel: "name" },
      },
      {
        id: "contact",
        header: "contact",
        cell: ({ row }) => (
          <>
            <div className="max-w-[16rem] truncate">{row.original.email}</div>
            <div className="text-xs text-muted-foreground">{formatUkPhone(row.original.phone)}</div>
          </>
        ),
        meta: { className: "max-md:basis-full", headClassName: "max-md:hidden" },
      },
      {
        id: "points",
        accessorFn: (c) => c.totalPoints,
        header: "points",
        cell: ({ row }) => formatCompact(row.original.totalPoints),
        enableSorting: true,
        sortDescFirst: true,
        meta: { label: "points", className: "text-right tabular-nums", headClassName: "text-right max-md:hidden" },
      },
      {
        id: "spent",
        accessorFn: (c) => Number(c.lifetimeSpent),
        header: "spent",
        cell: ({ row }) => spentPounds(row.original.lifetimeSpent),
        enableSorting: true,
        sortDescFirst: true,
        meta: { label: "spent", className: "text-right tabular-nums", headClassName: "text-right max-md:hidden" },
      },
      {
        id: "lastVisit",
        accessorFn: (c) => c.lastVisit ?? "",
        header: "last visit",
        cell: ({ row }) => lastVisitLabel(row.original.lastVisit),
        enableSorting: true,
        sortDescFirst: true,
        meta: { label: "last visit", headClassName: "max-md:hidden" },
      },
      {
        id: "status",
        header: "status",
        cell: ({ row }) => {
          const status = customerStatus(row.original);
          return <Badge variant={status.tone}>{status.label}</Badge>;
        },
        meta: { className: "md:max-lg:hidden", headClassName: "md:max-lg:hidden max-md:hidden" },
      },
      {
        id: "actions",
        header: () => <span className="sr-only">actions</span>,
        cell: ({ row }) => <RowActions customer={row.original} onOpen={onOpen} onProcessTransaction={onProcessTransaction} onSendVoucher={onSendVoucher} />,
        meta: { className: "text-right", headClassName: "w-12 text-right max-md:hidden", stopRowClick: true },
      },
    ],
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
      // On phones the header stays visible as a bar with "select all" and the name sort (the other
      // headings are the card labels).
      headerClassName="max-md:not-sr-only max-md:block"
      headerRowClassName="max-md:border-dashed max-md:bg-transparent max-md:py-2"
      rowProps={(c) => ({
        "data-testid": "customer-row",
        "data-state": selected.has(c.id) ? "selected" : undefined,
        className: tapToOpen ? "cursor-pointer" : undefined,
        onClick: tapToOpen ? () => onOpen(c, "details") : undefined,
      })}
      empty={
        <div className="flex flex-col items-center gap-3">
          <p className="font-medium">no customers found</p>
          {!hasCustomers && (
            <Button type="button" onClick={onAddFirst} disabled={addDisabled}>
              <UserPlus aria-hidden /> add your first customer
            </Button>
          )}
        </div>
      }
    />
  );
}

function CustomerCell({ c }: { c: CustomerDto }) {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
        {c.name.trim().charAt(0).toUpperCase() || "?"}
      </span>
      <div className="min-w-0">
        <div className="max-w-[14rem] truncate font-medium">{c.name}</div>
        <div className="text-xs text-muted-foreground">joined {formatDate(c.createdAt)}</div>
      </div>
    </div>
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
  const button = <RowActionsButton name={props.customer.name} onPointerEnter={preloadRowActions} onFocus={preloadRowActions} onClick={() => setActive(true)} />;
  if (!active) return button;
  return (
    <Suspense fallback={button}>
      <CustomerRowActions {...props} />
    </Suspense>
  );
}

/** A row's "actions for …" button, the same before and after the menu code has loaded. */
export function RowActionsButton({ name, ...props }: ComponentProps<typeof Button> & { name: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`actions for ${name}`} {...props}>
      <MoreHorizontal />
    </Button>
  );
}

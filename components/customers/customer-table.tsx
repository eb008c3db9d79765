"use client";

import { lazy, memo, Suspense, useEffect, useState, type ComponentProps, type SyntheticEvent } from "react";
import { ChevronLeft, ChevronRight, MoreHorizontal, UserPlus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCompact, formatDate, formatPounds, lazyFormatter } from "@/lib/utils";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerStatus } from "@/lib/rules/customer-status";
import type { CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import { formatUkPhone } from "@/lib/rules/uk-phone";

// Spec 1 section 2, customer table: select, customer (initial, name, join date), contact, points,
// spent (whole pounds), last visit (day/month or 'never'), status (large screens), actions.
// The hub hands it one page of rows at a time, so 10,000 customers render as 50 rows.

export const PAGE_SIZE = 50;
export const SKELETON_ROWS = 10;
const COLUMN_COUNT = 8;

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
  /** The rows of the current page; undefined while loading. */
  rows: CustomerDto[] | undefined;
  selected: ReadonlySet<number>;
  onTogglePage: (selected: boolean) => void;
  /** Whether the business has any customer before the search: none shows 'add your first customer'. */
  hasCustomers: boolean;
  onAddFirst: () => void;
  addDisabled: boolean;
  /** Below 640px a tap on a row opens its details. */
  tapToOpen: boolean;
};

/** Rows mounted by the first render of a page; the rest follow ROWS_PER_STEP at a time, each step
 *  its own task, with skeleton rows holding their place meanwhile (so nothing below the table
 *  moves up and back). Mounting a page of 50 rows at once (about 1,300 elements) took one task of
 *  about 75 ms on this machine, four times that on Lighthouse's mobile CPU: the till would stall
 *  while the list first appears. Once the table has shown a whole page, it renders pages whole (a
 *  search updates rows in place, which is cheap). */
const FIRST_ROWS = 4;
const ROWS_PER_STEP = 4;

function useMountedRowCount(wanted: number): number {
  const [count, setCount] = useState(FIRST_ROWS);
  useEffect(() => {
    if (count >= wanted || count >= PAGE_SIZE) return;
    const timer = setTimeout(() => setCount((c) => c + ROWS_PER_STEP), 0);
    return () => clearTimeout(timer);
  }, [count, wanted]);
  return count;
}

export function CustomerTable({ rows, selected, onTogglePage, hasCustomers, onAddFirst, addDisabled, tapToOpen, ...handlers }: CustomerTableProps) {
  const mounted = useMountedRowCount(rows?.length ?? 0);
  const pageSelected = rows && rows.length > 0 ? rows.filter((c) => selected.has(c.id)).length : 0;
  const allState = rows && rows.length > 0 && pageSelected === rows.length ? true : pageSelected > 0 ? "indeterminate" : false;
  return (
    <Table aria-busy={rows === undefined || undefined}>
      {/* On phones the header stays visible as a bar with "select all" (the other headings are
          the card labels). */}
      <TableHeader className="max-md:not-sr-only max-md:block">
        <TableRow className="max-md:border-dashed max-md:bg-transparent max-md:py-2">
          <TableHead className="w-10 max-md:h-auto max-md:p-0">
            <Checkbox
              aria-label="select all customers on this page"
              checked={allState}
              disabled={!rows || rows.length === 0}
              onCheckedChange={(v) => onTogglePage(v === true)}
            />
          </TableHead>
          <TableHead className="max-md:h-auto max-md:p-0">
            customer<span className="md:hidden">s on this page</span>
          </TableHead>
          <TableHead className="max-md:hidden">contact</TableHead>
          <TableHead className="text-right max-md:hidden">points</TableHead>
          <TableHead className="text-right max-md:hidden">spent</TableHead>
          <TableHead className="max-md:hidden">last visit</TableHead>
          <TableHead className="md:max-lg:hidden max-md:hidden">status</TableHead>
          <TableHead className="w-12 text-right max-md:hidden">
            <span className="sr-only">actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMN_COUNT} className="py-12 text-center whitespace-normal">
              <div className="flex flex-col items-center gap-3">
                <p className="font-medium">no customers found</p>
                {!hasCustomers && (
                  <Button type="button" onClick={onAddFirst} disabled={addDisabled}>
                    <UserPlus aria-hidden /> add your first customer
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ) : (
          // Keyed by position, not by customer: a keystroke in the search swaps most of the 50
          // customers, and updating the rows in place (new text, same elements) is far cheaper than
          // unmounting 50 rows and mounting 50 new ones. Nothing a row keeps belongs to its customer
          // (selection and the actions menu's target come from props).
          <>
            {(rows.length > mounted ? rows.slice(0, mounted) : rows).map((c, i) => (
              <CustomerRow key={i} customer={c} checked={selected.has(c.id)} tapToOpen={tapToOpen} {...handlers} />
            ))}
            {/* Keyed by position: a placeholder stays where it is until a row takes that place. */}
            {Array.from({ length: Math.max(0, Math.min(rows.length, SKELETON_ROWS) - mounted) }, (_, i) => (
              <SkeletonRow key={`placeholder-${mounted + i}`} />
            ))}
          </>
        )}
      </TableBody>
    </Table>
  );
}

/** One grey bar a row: the rows are replaced all at once when the list arrives, and a placeholder
 *  of three elements a row (rather than a bar per column) keeps that swap cheap. */
function SkeletonRow() {
  return (
    <TableRow data-testid="customer-skeleton-row" className="hover:bg-transparent">
      <TableCell colSpan={COLUMN_COUNT}>
        <Skeleton className="h-9 w-full" />
      </TableCell>
    </TableRow>
  );
}

const stop = (e: SyntheticEvent) => e.stopPropagation();

const CustomerRow = memo(function CustomerRow({
  customer: c,
  checked,
  tapToOpen,
  onToggle,
  onOpen,
  onProcessTransaction,
  onSendVoucher,
}: RowHandlers & { customer: CustomerDto; checked: boolean; tapToOpen: boolean }) {
  const status = customerStatus(c);
  return (
    <TableRow
      data-state={checked ? "selected" : undefined}
      data-testid="customer-row"
      className={tapToOpen ? "cursor-pointer" : undefined}
      onClick={tapToOpen ? () => onOpen(c, "details") : undefined}
    >
      <TableCell onClick={stop}>
        <Checkbox aria-label={`select ${c.name}`} checked={checked} onCheckedChange={(v) => onToggle(c.id, v === true)} />
      </TableCell>
      <TableCell className="max-md:flex-1">
        <div className="flex items-center gap-3">
          <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
            {c.name.trim().charAt(0).toUpperCase() || "?"}
          </span>
          <div className="min-w-0">
            <div className="max-w-[14rem] truncate font-medium">{c.name}</div>
            <div className="text-xs text-muted-foreground">joined {formatDate(c.createdAt)}</div>
          </div>
        </div>
      </TableCell>
      <TableCell className="max-md:basis-full">
        <div className="max-w-[16rem] truncate">{c.email}</div>
        <div className="text-xs text-muted-foreground">{formatUkPhone(c.phone)}</div>
      </TableCell>
      <TableCell label="points" className="text-right tabular-nums">{formatCompact(c.totalPoints)}</TableCell>
      <TableCell label="spent" className="text-right tabular-nums">{spentPounds(c.lifetimeSpent)}</TableCell>
      <TableCell label="last visit">{lastVisitLabel(c.lastVisit)}</TableCell>
      <TableCell className="md:max-lg:hidden">
        <Badge variant={status.tone}>{status.label}</Badge>
      </TableCell>
      <TableCell className="text-right" onClick={stop}>
        <RowActions customer={c} onOpen={onOpen} onProcessTransaction={onProcessTransaction} onSendVoucher={onSendVoucher} />
      </TableCell>
    </TableRow>
  );
});

// The actions menu (Radix menu and floating-ui) is fetched when a row's actions button is first
// pointed at, focused or pressed, and mounts open on that press: a page of 50 rows does not need
// it to show, and it would otherwise weigh on every visit to the hub.
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

/** The page `page` of `items` (clamped to the last page, which a search may have made shorter). */
export function pageOf<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  return { rows: items.slice(current * pageSize, (current + 1) * pageSize), page: current, pageCount };
}

export function Pagination({
  page,
  pageCount,
  total,
  onPageChange,
  pageSize = PAGE_SIZE,
  label = "customer pages",
}: {
  page: number;
  pageCount: number;
  total: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  /** The navigation's accessible name. */
  label?: string;
}) {
  if (total <= pageSize) return null;
  const from = page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 px-1 pt-3 text-sm text-muted-foreground">
      <span>
        showing {from.toLocaleString("en-GB")}-{to.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
      </span>
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden /> previous
        </Button>
        <span aria-live="polite">
          page {page + 1} of {pageCount}
        </span>
        <Button type="button" variant="outline" size="sm" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
          next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

"use client";

import { useEffect, useState, type HTMLAttributes, type ReactNode } from "react";
import type { ColumnDef, ColumnMeta, OnChangeFn, RowData, SortingState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import type { TanstackDataTable } from "@/components/ui/tanstack-data-table";

// The product's tables (issue 20): rows drawn with the table primitives of components/ui/table.tsx,
// so below the md breakpoint every row is a card (a column's `meta.label` is shown before its value,
// the actions cell sits at the card's end) and nothing scrolls sideways; sorting from
// @tanstack/react-table and long lists (issue 23: 100,000 customers) virtualized with
// @tanstack/react-virtual, in components/ui/tanstack-data-table.tsx.
//
// That code (24 kB gzipped) is not in the first-load JavaScript of the pages with a table (issue
// 23): every table's rows come from a request made after hydration, so until they are there the
// table is its header and skeleton rows, drawn here with the same markup, and the table code loads
// meanwhile (asked for when this module first runs in the browser, before the rows' request).

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the names must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's body cells. */
    className?: string;
    /** Classes of the column's header cell. */
    headClassName?: string;
    /** On phone cards, shown before the value (the header row is hidden there). */
    label?: string;
    /** Clicks in the cell do not reach the row (checkboxes and actions in a row that opens on tap). */
    stopRowClick?: boolean;
    /** The sort button's accessible name when the header is not plain text. */
    sortLabel?: string;
  }
}

export type { ColumnDef, SortingState };

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

export type DataTableVirtual = {
  /** A row's expected height in px before it is measured (cards are taller: measured). */
  estimateSize: number;
  /** Rows drawn beyond each edge of the viewport. */
  overscan?: number;
  /** Called when the rendered window comes within `endThreshold` rows of the last loaded row. */
  onEndReached?: () => void;
  endThreshold?: number;
};

export type DataTableProps<T> = {
  /** Flat columns. A header given as a function is also drawn with no arguments while the table
   *  code loads, so it must not need the header context. */
  columns: ColumnDef<T, unknown>[];
  /** undefined while the first rows load: skeleton rows are shown. */
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** Sorting, controlled. With `manualSorting` the rows come sorted (by the server). */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  manualSorting?: boolean;
  /** Attributes of a row's <tr> (test ids, a click that opens it, a selected state). */
  rowProps?: (row: T, index: number) => RowAttributes;
  /** What an empty list shows, in a cell across the table. */
  empty: ReactNode;
  skeleton?: { rows?: number; testId?: string; /** One bar per column instead of one per row. */ perColumn?: boolean };
  /** Skeleton rows after the last row while more rows load. */
  loadingMore?: boolean;
  /** Virtualize the rows against the window (long lists only). */
  virtual?: DataTableVirtual;
  /** The number of rows of the whole list when more exist than are loaded (aria-rowcount). */
  rowCount?: number;
  className?: string;
  headerClassName?: string;
  headerRowClassName?: string;
  "aria-label"?: string;
  "aria-busy"?: boolean;
};

type Full = typeof TanstackDataTable;
let full: Full | undefined;
let loading: Promise<Full> | undefined;
const loadFull = () => (loading ??= import("@/components/ui/tanstack-data-table").then((m) => (full = m.TanstackDataTable)));
/** Resolves once DataTable draws rows at its first render (a screen that must not flash skeletons). */
export const preloadDataTable = (): Promise<unknown> => loadFull();
// In the browser the table code is asked for as soon as a page with a table runs its JavaScript (it
// arrives while the page hydrates and its rows are requested); never on the server.
if (typeof window !== "undefined") void loadFull();

export function DataTable<T>(props: DataTableProps<T>) {
  const [Loaded, setLoaded] = useState<Full | undefined>(() => full);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    void loadFull().then((table) => live && setLoaded(() => table));
    return () => {
      live = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : <LoadingTable {...props} />;
}

/** What the full table draws while `data` is undefined: the header row and skeleton rows. */
function LoadingTable<T>({ columns, sorting, onSortingChange, skeleton, virtual, className, headerClassName, headerRowClassName, ...aria }: DataTableProps<T>) {
  return (
    <Table className={className} aria-label={aria["aria-label"]} aria-busy={aria["aria-busy"] ?? true}>
      <TableHeader className={headerClassName}>
        <TableRow className={headerRowClassName} aria-rowindex={virtual ? 1 : undefined}>
          {columns.map((column, i) => {
            const id = columnId(column, i);
            const content = headerContent(column, id);
            // react-table sorts a column with an accessor whose enableSorting is on (off by default here).
            const hasAccessor = "accessorFn" in column || "accessorKey" in column;
            if (onSortingChange === undefined || column.enableSorting !== true || !hasAccessor) {
              return (
                <DataTableHead key={id} meta={column.meta}>
                  {content}
                </DataTableHead>
              );
            }
            const state = sorting?.find((s) => s.id === id);
            const name = column.meta?.sortLabel ?? (typeof column.header === "string" ? column.header : id);
            return (
              <DataTableHead key={id} meta={column.meta} sort={{ sorted: state ? (state.desc ? "desc" : "asc") : false, name }}>
                {content}
              </DataTableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {Array.from({ length: skeleton?.rows ?? 10 }, (_, i) => (
          <SkeletonRow key={`loading-${i}`} columns={columns.length} testId={skeleton?.testId} perColumn={skeleton?.perColumn} />
        ))}
      </TableBody>
    </Table>
  );
}

/** react-table's column id: `id`, else `accessorKey` (dots to underscores). */
function columnId<T>(column: ColumnDef<T, unknown>, index: number): string {
  if (column.id) return column.id;
  const key = "accessorKey" in column ? column.accessorKey : undefined;
  return typeof key === "string" ? key.replace(/\./g, "_") : String(index);
}

/** The header as react-table draws it; without a header, its default (the accessor key, or the id of an accessor function's column). */
function headerContent<T>(column: ColumnDef<T, unknown>, id: string): ReactNode {
  const header = column.header;
  if (typeof header === "function") {
    const Header = header as () => ReactNode;
    return <Header />;
  }
  if (header !== undefined) return header;
  if ("accessorKey" in column && column.accessorKey) return String(column.accessorKey);
  return "accessorFn" in column ? id : null;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/** A header cell; a sortable one holds the sort button (`onToggle` is absent while the table code loads). */
export function DataTableHead<T extends RowData>({
  meta,
  sort,
  children,
}: {
  meta: ColumnMeta<T, unknown> | undefined;
  sort?: { sorted: false | "asc" | "desc"; name: string; onToggle?: (event: unknown) => void };
  children: ReactNode;
}) {
  if (!sort) return <TableHead className={meta?.headClassName}>{children}</TableHead>;
  const Icon = sort.sorted === "asc" ? ArrowUp : sort.sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead className={meta?.headClassName} aria-sort={sort.sorted ? ariaSort[sort.sorted] : "none"}>
      {/* The arrow sits in the cell's right padding, so a sortable column is no wider than before
          (the tables fit their screens without scrolling sideways). */}
      <button
        type="button"
        onClick={sort.onToggle}
        aria-label={`sort by ${sort.name}`}
        className="relative -mx-1 inline-flex items-center rounded px-1 py-0.5 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {children}
        <Icon aria-hidden className={cn("absolute top-1/2 -right-3.5 size-3 -translate-y-1/2", !sort.sorted && "opacity-50")} />
      </button>
    </TableHead>
  );
}

/** A placeholder row: one grey bar across it (cheap to swap for the real rows) or one per column. */
export function SkeletonRow({ columns, testId, perColumn }: { columns: number; testId?: string; perColumn?: boolean }) {
  return (
    <TableRow data-testid={testId} className="hover:bg-transparent">
      {perColumn ? (
        Array.from({ length: columns }, (_, i) => (
          <TableCell key={i}>
            <Skeleton className={cn("h-5", i === 0 ? "w-36" : "w-16")} />
          </TableCell>
        ))
      ) : (
        <TableCell colSpan={columns}>
          <Skeleton className="h-9 w-full" />
        </TableCell>
      )}
    </TableRow>
  );
}

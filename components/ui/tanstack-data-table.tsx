"use client";

import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type SyntheticEvent } from "react";
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type Cell, type Header, type Row } from "@tanstack/react-table";
import { useWindowVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "@/components/ui/table";
import { DataTableHead, SkeletonRow, type DataTableProps, type DataTableVirtual } from "@/components/ui/data-table";

// The table code behind components/ui/data-table.tsx (issue 20, issue 23): column definitions and
// sorting from @tanstack/react-table (headless), long lists virtualized against the window with
// @tanstack/react-virtual (only the rows near the viewport are in the DOM, spacer rows stand for
// the rest, and `onEndReached` asks for the next page of a server-paged list when the last loaded
// rows come near). Loaded by DataTable after its first render, outside the first-load JavaScript;
// import DataTable, not this module.

const NO_ROWS: never[] = [];
const stop = (e: SyntheticEvent) => e.stopPropagation();

export function TanstackDataTable<T>({
  columns,
  data,
  getRowId,
  sorting,
  onSortingChange,
  manualSorting = false,
  rowProps,
  empty,
  skeleton,
  loadingMore = false,
  virtual,
  rowCount,
  className,
  headerClassName,
  headerRowClassName,
  ...aria
}: DataTableProps<T>) {
  // The table object's functions are not memoizable (the React Compiler leaves this component
  // alone); the rows read from it are rendered at once, never passed on to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    columns,
    data: (data ?? NO_ROWS) as T[],
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    ...(manualSorting ? {} : { getSortedRowModel: getSortedRowModel() }),
    manualSorting,
    enableSorting: onSortingChange !== undefined,
    enableMultiSort: false,
    state: sorting ? { sorting } : {},
    onSortingChange,
    defaultColumn: { enableSorting: false },
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const skeletonRows = (n: number, key: string) =>
    Array.from({ length: n }, (_, i) => <SkeletonRow key={`${key}-${i}`} columns={columnCount} testId={skeleton?.testId} perColumn={skeleton?.perColumn} />);

  let body: ReactNode;
  if (data === undefined) body = skeletonRows(skeleton?.rows ?? 10, "loading");
  else if (rows.length === 0)
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className="py-12 text-center whitespace-normal">
          {empty}
        </TableCell>
      </TableRow>
    );
  else if (virtual) body = <VirtualRows rows={rows} columns={columnCount} rowProps={rowProps} virtual={virtual} />;
  else body = rows.map((row, i) => <DataRow key={row.id} row={row} cells={row.getVisibleCells()} index={i} rowProps={rowProps} />);

  return (
    <Table
      className={className}
      aria-label={aria["aria-label"]}
      aria-busy={aria["aria-busy"] ?? (data === undefined || loadingMore || undefined)}
      aria-rowcount={virtual && data ? (rowCount ?? rows.length) + 1 : undefined}
    >
      <TableHeader className={headerClassName}>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className={headerRowClassName} aria-rowindex={virtual ? 1 : undefined}>
            {group.headers.map((header) => (
              <HeaderCell key={header.id} header={header} />
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {body}
        {data !== undefined && rows.length > 0 && loadingMore && skeletonRows(3, "more")}
      </TableBody>
    </Table>
  );
}

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const meta = header.column.columnDef.meta;
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <DataTableHead meta={meta}>{content}</DataTableHead>;
  const name = meta?.sortLabel ?? (typeof header.column.columnDef.header === "string" ? header.column.columnDef.header : header.column.id);
  return (
    <DataTableHead meta={meta} sort={{ sorted: header.column.getIsSorted(), name, onToggle: header.column.getToggleSortingHandler() }}>
      {content}
    </DataTableHead>
  );
}

type DataRowProps<T> = {
  row: Row<T>;
  /** row.getVisibleCells(): a new array when the columns change (their cells read new props). */
  cells: Cell<T, unknown>[];
  index: number;
  rowProps?: DataTableProps<T>["rowProps"];
  rowIndexAttr?: boolean;
  measureRef?: (el: HTMLTableRowElement | null) => void;
};

/** Memoized: scrolling a virtualized list re-renders only the rows that come into view, not the
 *  ones that stay (same row, same cells, same rowProps). */
const DataRow = memo(function DataRow<T>({ row, cells, index, rowProps, rowIndexAttr, measureRef }: DataRowProps<T>) {
  return (
    <TableRow {...rowProps?.(row.original, index)} ref={measureRef} data-index={measureRef ? index : undefined} aria-rowindex={rowIndexAttr ? index + 2 : undefined}>
      {cells.map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <TableCell key={cell.id} label={meta?.label} className={meta?.className} onClick={meta?.stopRowClick ? stop : undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        );
      })}
    </TableRow>
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;

/** A row's height: measured, or the estimate where layout gives none (jsdom, a row not laid out). */
const measureRow = (estimate: number) => (el: Element) => el.getBoundingClientRect().height || estimate;

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function VirtualRows<T>({
  rows,
  columns,
  rowProps,
  virtual,
}: {
  rows: Row<T>[];
  columns: number;
  rowProps?: DataTableProps<T>["rowProps"];
  virtual: DataTableVirtual;
}) {
  const topRef = useRef<HTMLTableRowElement>(null);
  // Where the list starts in the page, and the gap between cards on phones (the body is a grid there).
  const [layout, setLayout] = useState({ scrollMargin: 0, gap: 0 });
  useIsomorphicLayoutEffect(() => {
    const measure = () => {
      const top = topRef.current;
      if (!top) return;
      const scrollMargin = Math.round(top.getBoundingClientRect().top + window.scrollY);
      const gap = parseFloat(getComputedStyle(top.parentElement ?? top).rowGap) || 0;
      setLayout((l) => (l.scrollMargin === scrollMargin && l.gap === gap ? l : { scrollMargin, gap }));
    };
    measure();
    // Whatever above the list changes height (a panel opening, a bar of selected rows) moves it.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  const virtualizer: Virtualizer<Window, HTMLTableRowElement> = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: () => virtual.estimateSize,
    overscan: virtual.overscan ?? 8,
    scrollMargin: layout.scrollMargin,
    gap: layout.gap,
    measureElement: measureRow(virtual.estimateSize),
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  const { onEndReached, endThreshold = 10 } = virtual;
  useEffect(() => {
    if (onEndReached && last >= 0 && last >= rows.length - 1 - endThreshold) onEndReached();
  }, [last, rows.length, endThreshold, onEndReached]);

  const before = items.length ? items[0].start - layout.scrollMargin : 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1].end - layout.scrollMargin) : 0;
  return (
    <>
      <Spacer ref={topRef} height={before} columns={columns} />
      {items.map((item) => (
        <DataRow
          key={item.key}
          row={rows[item.index]}
          cells={rows[item.index].getVisibleCells()}
          index={item.index}
          rowProps={rowProps}
          rowIndexAttr
          measureRef={virtualizer.measureElement}
        />
      ))}
      <Spacer height={after} columns={columns} />
    </>
  );
}

/** Stands for the rows above or below the rendered window (always in the DOM, so the list's
 *  position in the page can be read from the top one). */
function Spacer({ height, columns, ref }: { height: number; columns: number; ref?: React.Ref<HTMLTableRowElement> }) {
  return (
    <tr ref={ref} aria-hidden="true" role="presentation" data-slot="table-spacer" style={{ height: Math.max(0, height) }} className="max-md:block">
      <td colSpan={columns} className="p-0" />
    </tr>
  );
}

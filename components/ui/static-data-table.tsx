import type { ReactNode } from "react";
import type { CellContext, ColumnDef } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { DataTableProps } from "@/components/ui/data-table";

// A DataTable's rows drawn on the server (issue 23): the same markup as
// components/ui/tanstack-data-table.tsx draws for a table that is neither sorted nor virtualized,
// from the same column definitions, with no table code in the browser. For server-rendered first
// screens that a client screen takes over later (components/ui/takeover.tsx). Cells may read only
// `row.original` from their context.

type StaticDataTableProps<T> = Pick<DataTableProps<T>, "columns" | "getRowId" | "rowProps" | "empty" | "className"> & {
  data: readonly T[];
  "aria-label"?: string;
};

const cellContext = <T,>(original: T) => ({ row: { original } }) as unknown as CellContext<T, unknown>;

function render<T>(value: ColumnDef<T, unknown>["cell"] | ColumnDef<T, unknown>["header"], arg: unknown): ReactNode {
  if (typeof value === "function") return (value as (a: unknown) => ReactNode)(arg);
  return value as ReactNode;
}

export function StaticDataTable<T>({ columns, data, getRowId, rowProps, empty, className, ...aria }: StaticDataTableProps<T>) {
  return (
    <Table className={className} aria-label={aria["aria-label"]}>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            <TableHead key={column.id ?? i} className={column.meta?.headClassName}>
              {render(column.header, undefined)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="py-12 text-center whitespace-normal">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          data.map((row, index) => (
            <TableRow key={getRowId(row)} {...rowProps?.(row, index)}>
              {columns.map((column, i) => (
                <TableCell key={column.id ?? i} label={column.meta?.label} className={column.meta?.className}>
                  {render(column.cell, cellContext(row))}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

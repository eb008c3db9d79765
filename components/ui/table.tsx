import * as React from "react";

import { cn } from "@/lib/utils";

// Tables are tables from the `md` breakpoint up. Below it (phones at the till) every row is a card:
// the header row is kept for screen readers only, cells flow side by side and wrap, a cell with a
// `label` shows it before its value, and the row's actions (the last cell) sit at the card's end,
// so nothing scrolls sideways and every action is reachable. The explicit roles keep the table's
// semantics while CSS changes its display (browsers drop them for display: block tables).

function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full">
      <table role="table" data-slot="table" className={cn("w-full caption-bottom text-sm max-md:block", className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead role="rowgroup" data-slot="table-header" className={cn("[&_tr]:border-b max-md:sr-only", className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      role="rowgroup"
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0 max-md:grid max-md:grid-cols-1 max-md:gap-3 max-md:[&_tr:last-child]:border", className)}
      {...props}
    />
  );
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      role="rowgroup"
      data-slot="table-footer"
      className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0 max-md:block", className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      data-slot="table-row"
      className={cn(
        "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
        "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4 max-md:gap-y-1.5 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3",
        className,
      )}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      role="columnheader"
      data-slot="table-head"
      className={cn(
        "h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

function TableCell({ className, label, ...props }: React.ComponentProps<"td"> & { /** Shown before the value on phones, where the header row is hidden. */ label?: string }) {
  return (
    <td
      role="cell"
      data-slot="table-cell"
      data-label={label}
      className={cn(
        "p-3 align-middle break-words [&:has([role=checkbox])]:pr-0",
        "max-md:block max-md:min-w-0 max-md:max-w-full max-md:p-0 max-md:whitespace-normal max-md:[overflow-wrap:anywhere] max-md:last:ml-auto",
        "max-md:data-[label]:before:mr-1.5 max-md:data-[label]:before:text-xs max-md:data-[label]:before:text-muted-foreground max-md:data-[label]:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

type TableColumn = string | { label: string; className?: string };

/** The header row of a table: one TableHead per column (a column's own classes, say "text-right"). */
function TableColumns({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((c) =>
          typeof c === "string" ? (
            <TableHead key={c}>{c}</TableHead>
          ) : (
            <TableHead key={c.label} className={c.className}>
              {c.label}
            </TableHead>
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}

export { TableColumns, Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption };

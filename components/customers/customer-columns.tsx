import type { ComponentProps, ReactNode } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { InlineIcon } from "@/components/ui/inline-icon";
import { formatCompact, formatDate, formatPounds, lazyFormatter } from "@/lib/rules/format";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerStatus } from "@/lib/rules/customer-status";
import { formatUkPhone } from "@/lib/rules/uk-phone-format";

// Spec 1 section 2, customer table: select, customer (initial, name, join date), contact, points,
// spent (whole pounds), last visit (day/month or 'never'), status (large screens and phone cards),
// actions. Not a client module: the live table (customer-table.tsx) and the server's first screen
// (customer-hub-screen.tsx, issue 23) draw their rows from these columns, with their own controls
// (the checkboxes and the actions button).

const dayMonth = lazyFormatter(() => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", timeZone: "Europe/London" }));

export const lastVisitLabel = (lastVisit: string | null) => (lastVisit ? dayMonth().format(new Date(lastVisit)) : "never");
export const spentPounds = (lifetimeSpent: string) => formatPounds(Math.round(Number(lifetimeSpent) * 100) || 0);

/** The header and header row's classes: on phones the header stays visible as a bar with "select
 *  all" and the name sort (the other headings are the card labels). */
export const CUSTOMER_TABLE_HEADER = { headerClassName: "max-md:not-sr-only max-md:block", headerRowClassName: "max-md:border-dashed max-md:bg-transparent max-md:py-2" };

/** The controls' keys, the same on the server's screen and in the live table (components/ui/takeover.tsx
 *  replays a click on a control of the server's screen on the live control with its key). */
export const ROW_KEYS = { selectAll: "select-all", select: (id: number) => `select:${id}`, actions: (id: number) => `actions:${id}` };

/** The cells that are controls: drawn live by the table, as plain markup by the server's screen. */
export type CustomerColumnControls = {
  selectAll: () => ReactNode;
  select: (customer: CustomerDto) => ReactNode;
  actions: (customer: CustomerDto) => ReactNode;
};

export function customerColumns({ selectAll, select, actions }: CustomerColumnControls): ColumnDef<CustomerDto, unknown>[] {
  return [
    {
      id: "select",
      header: selectAll,
      cell: ({ row }) => select(row.original),
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
      cell: ({ row }) => actions(row.original),
      meta: { className: "text-right", headClassName: "w-12 text-right max-md:hidden", stopRowClick: true },
    },
  ];
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

/** A row's "actions for …" button: the same on the server's screen, before the menu code has
 *  loaded and as the menu's trigger. */
export function RowActionsButton({ name, ...props }: ComponentProps<typeof Button> & { name: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`actions for ${name}`} {...props}>
      <InlineIcon name="ellipsis" />
    </Button>
  );
}

/** What the table shows when nothing is listed; `addFirst` (a button) when the business has no
 *  customers at all. */
export function CustomerTableEmpty({ addFirst }: { addFirst?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="font-medium">no customers found</p>
      {addFirst}
    </div>
  );
}

/** The empty table's "add your first customer" button's content. */
export const addFirstCustomerLabel = (
  <>
    <InlineIcon name="user-plus" /> add your first customer
  </>
);

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { InlineIcon } from "@/components/ui/inline-icon";
import { SearchInput } from "@/components/ui/search-input";
import { StaticExplainer } from "@/components/ui/explainer-static";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { countLabel } from "@/lib/rules/customer-list";
import type { CustomerHubStart } from "@/lib/customers/get-customer-hub-start";
import { addFirstCustomerLabel, CUSTOMER_TABLE_HEADER, customerColumns, CustomerTableEmpty, ROW_KEYS, RowActionsButton } from "@/components/customers/customer-columns";
import {
  addCustomerLabel,
  CUSTOMER_SEARCH,
  CustomerCount,
  CustomerHubFrame,
  CustomerListCard,
  EXPLAINER_TITLE,
  HUB_KEYS,
  UsageLine,
} from "@/components/customers/customer-hub-parts";

// The customer hub's first screen, rendered on the server with the business's newest customers
// (issue 23): what the live hub draws once its first page is there, from the same parts and
// columns, without its code (react-query, the table and virtualizer, Radix). The controls are
// plain markup with the live controls' keys; CustomerHubIsland swaps in the live hub after load,
// or at once when one is used. The parked customers' section (below the list) comes with the live hub.

/** An unchecked Radix checkbox as it renders (components/ui/checkbox.tsx): a button with the checkbox role. */
function StaticCheckbox({ label, takeoverKey, disabled = false }: { label: string; takeoverKey: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked="false"
      data-state="unchecked"
      value="on"
      disabled={disabled}
      data-disabled={disabled ? "" : undefined}
      data-slot="checkbox"
      aria-label={label}
      data-takeover-key={takeoverKey}
      className="peer size-4 shrink-0 rounded-[4px] border border-input bg-background shadow-xs transition-shadow outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground aria-invalid:border-destructive aria-invalid:ring-destructive/20"
    />
  );
}

const staticColumns = (noRows: boolean) =>
  customerColumns({
    selectAll: () => <StaticCheckbox label="select all listed customers" takeoverKey={ROW_KEYS.selectAll} disabled={noRows} />,
    select: (c) => <StaticCheckbox label={`select ${c.name}`} takeoverKey={ROW_KEYS.select(c.id)} />,
    actions: (c) => <RowActionsButton name={c.name} data-takeover-key={ROW_KEYS.actions(c.id)} />,
  });

type Column = ReturnType<typeof staticColumns>[number];

/** A header cell as components/ui/data-table.tsx draws it: a sortable one holds its sort button. */
function HeadCell({ column }: { column: Column }) {
  const header = column.header;
  const content: ReactNode = typeof header === "function" ? (header as () => ReactNode)() : header;
  if (column.enableSorting !== true) return <TableHead className={column.meta?.headClassName}>{content}</TableHead>;
  const name = column.meta?.sortLabel ?? (typeof header === "string" ? header : column.id);
  return (
    <TableHead className={column.meta?.headClassName} aria-sort="none">
      <button
        type="button"
        aria-label={`sort by ${name}`}
        className="relative -mx-1 inline-flex items-center rounded px-1 py-0.5 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {content}
        <InlineIcon name="arrow-up-down" className="absolute top-1/2 -right-3.5 size-3 -translate-y-1/2 opacity-50" />
      </button>
    </TableHead>
  );
}

/** The rows the virtualized table keeps its place with (empty on a first screen at the top).
 *  `end`: the one after the rows; scrolled near, the live hub takes over (it loads the next page
 *  as the list is scrolled, and the parked customers below it; components/ui/takeover.tsx). */
function Spacer({ columns, end = false }: { columns: number; end?: boolean }) {
  return (
    <tr aria-hidden="true" role="presentation" data-slot="table-spacer" style={{ height: 0 }} className="max-md:block" data-takeover-visible={end ? "" : undefined}>
      <td colSpan={columns} className="p-0" />
    </tr>
  );
}

/** The customer table as components/ui/tanstack-data-table.tsx draws a loaded, virtualized list. */
function CustomerTableScreen({ rows, total, blocked }: { rows: CustomerDto[]; total: number | undefined; blocked: boolean }) {
  const columns = staticColumns(rows.length === 0);
  const cellOf = (column: Column, c: CustomerDto) => (column.cell as (ctx: { row: { original: CustomerDto } }) => ReactNode)({ row: { original: c } });
  return (
    // With no rows, the table is the part that takes over when near (the parked customers come below it).
    <Table aria-label="customers" aria-rowcount={rows.length > 0 ? (total ?? rows.length) + 1 : 1} data-takeover-visible={rows.length === 0 ? "" : undefined}>
      <TableHeader className={CUSTOMER_TABLE_HEADER.headerClassName}>
        <TableRow className={CUSTOMER_TABLE_HEADER.headerRowClassName} aria-rowindex={1}>
          {columns.map((column) => (
            <HeadCell key={column.id} column={column} />
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="py-12 text-center whitespace-normal">
              <CustomerTableEmpty
                addFirst={
                  <Button type="button" disabled={blocked} data-takeover-key="add-first-customer">
                    {addFirstCustomerLabel}
                  </Button>
                }
              />
            </TableCell>
          </TableRow>
        ) : (
          <>
            <Spacer columns={columns.length} />
            {rows.map((c, i) => (
              <TableRow key={c.id} data-testid="customer-row" data-index={i} aria-rowindex={i + 2}>
                {columns.map((column) => (
                  <TableCell key={column.id} label={column.meta?.label} className={column.meta?.className}>
                    {cellOf(column, c)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <Spacer columns={columns.length} end />
          </>
        )}
      </TableBody>
    </Table>
  );
}

export function CustomerHubScreen({ start }: { start: CustomerHubStart }) {
  const { usage, firstPage } = start;
  const blocked = usage.isAtLimit;
  const total = firstPage.total;
  return (
    <CustomerHubFrame
      usageLine={<UsageLine usage={usage} />}
      addButton={
        <Button type="button" disabled={blocked} className="w-full sm:w-auto" data-takeover-key={HUB_KEYS.add}>
          {addCustomerLabel(blocked)}
        </Button>
      }
    >
      <StaticExplainer title={EXPLAINER_TITLE} icon={<InlineIcon name="info" className="size-4 shrink-0 text-primary" />} />
      <CustomerListCard
        actions={
          <Button type="button" variant="outline" size="sm" data-takeover-key={HUB_KEYS.exportList}>
            <InlineIcon name="download" /> export marketing list
          </Button>
        }
        search={<SearchInput {...CUSTOMER_SEARCH} />}
        count={<CustomerCount q="">{total ? countLabel(total, false) : ""}</CustomerCount>}
      >
        <CustomerTableScreen rows={firstPage.rows} total={total?.kind === "exact" ? total.count : undefined} blocked={blocked} />
      </CustomerListCard>
    </CustomerHubFrame>
  );
}

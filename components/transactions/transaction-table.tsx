"use client";

import { useMemo } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import { cn } from "@/lib/utils";
import { formatDate, formatDateTime } from "@/lib/rules/format";
import { formatAmount, pointsParts, promoCell, transactionTypeLabel, type PromoVoucher } from "@/lib/rules/transaction-display";
import { Initial } from "@/components/transactions/customer-combobox";
import type { TransactionDto } from "@/components/transactions/transaction-queries";

// Spec 2 section 2.1: the hub's table, on the shared DataTable (issue 20): a card a row on phones.
// The hub pages it on the server ("load more"), so it draws every row it is given.

const SKELETON_ROWS = 10;

type Props = {
  /** undefined while the first page loads. */
  rows: TransactionDto[] | undefined;
  /** undefined when the vouchers list could not be loaded: promo codes show without a status. */
  vouchers: readonly PromoVoucher[] | undefined;
  onEdit: (t: TransactionDto) => void;
  onDelete: (t: TransactionDto) => void;
};

const rowId = (t: TransactionDto) => String(t.id);

export function TransactionTable({ rows, vouchers, onEdit, onDelete }: Props) {
  const columns = useMemo<ColumnDef<TransactionDto, unknown>[]>(
    () => [
      { id: "customer", header: "Customer", cell: ({ row }) => <CustomerCell t={row.original} />, meta: { className: "max-md:basis-full" } },
      { id: "type", header: "Type", cell: ({ row }) => <TypeCell t={row.original} />, meta: { label: "type", className: "max-md:basis-full" } },
      { id: "amount", header: "Amount", cell: ({ row }) => formatAmount(row.original.amount), meta: { label: "amount", className: "tabular-nums" } },
      { id: "points", header: "Points", cell: ({ row }) => <PointsCell t={row.original} />, meta: { label: "points", className: "tabular-nums" } },
      { id: "promo", header: "Promo", cell: ({ row }) => <PromoBadge t={row.original} vouchers={vouchers} />, meta: { className: "max-md:empty:hidden" } },
      { id: "date", header: "Date/time", cell: ({ row }) => formatDateTime(row.original.createdAt), meta: { className: "text-muted-foreground max-md:hidden" } },
      {
        id: "actions",
        header: "Actions",
        cell: ({ row }) => <Actions t={row.original} onEdit={onEdit} onDelete={onDelete} />,
        meta: { className: "text-right", headClassName: "text-right" },
      },
    ],
    [vouchers, onEdit, onDelete],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={rowId}
      aria-label="transactions"
      skeleton={{ rows: SKELETON_ROWS, testId: "transaction-skeleton-row", perColumn: true }}
      empty={<p className="text-muted-foreground">no transactions found</p>}
    />
  );
}

function CustomerCell({ t }: { t: TransactionDto }) {
  return (
    <div className="flex items-center gap-3">
      <Initial name={t.customer.name} />
      <div className="min-w-0">
        <p className="max-w-48 truncate font-medium">{t.customer.name}</p>
        <p className="text-xs text-muted-foreground">{formatDate(t.createdAt)}</p>
      </div>
    </div>
  );
}

function TypeCell({ t }: { t: TransactionDto }) {
  return (
    <>
      <span>{transactionTypeLabel(t.type)}</span>
      {t.recipient && <span className="block max-w-40 truncate text-xs text-muted-foreground">to {t.recipient.name}</span>}
      {t.description && <span className="block max-w-48 truncate text-xs text-muted-foreground">{t.description}</span>}
    </>
  );
}

function PointsCell({ t }: { t: TransactionDto }) {
  return pointsParts(t).map((p) => (
    <span
      key={p.text}
      className={cn("mr-1 font-medium", p.tone === "earned" && "text-success", p.tone === "redeemed" && "text-destructive", p.tone === "none" && "text-muted-foreground")}
    >
      {p.text}
    </span>
  ));
}

function Actions({ t, onEdit, onDelete }: { t: TransactionDto; onEdit: Props["onEdit"]; onDelete: Props["onDelete"] }) {
  return (
    <div className="flex justify-end gap-1">
      <Button type="button" variant="ghost" size="sm" onClick={() => onEdit(t)} aria-label={`edit transaction for ${t.customer.name}`}>
        <Pencil aria-hidden /> edit
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(t)}
        aria-label={`delete transaction for ${t.customer.name}`}
      >
        <Trash2 aria-hidden /> delete
      </Button>
    </div>
  );
}

function PromoBadge({ t, vouchers }: { t: TransactionDto; vouchers: Props["vouchers"] }) {
  const cell = promoCell(t, vouchers);
  switch (cell.kind) {
    case "none":
      return <span className="text-muted-foreground">-</span>;
    case "redeemed":
      return (
        <Badge variant="success" title={cell.code}>
          redeemed
        </Badge>
      );
    case "expired":
      return (
        <Badge variant="warning" title={cell.code}>
          expired
        </Badge>
      );
    case "deleted":
      return (
        <Badge variant="destructive" title={cell.code}>
          deleted
        </Badge>
      );
    case "live":
    case "unknown":
      return <Badge variant="outline">{cell.code}</Badge>;
  }
}

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ColumnDef } from "@/components/ui/data-table";
import { InlineIcon } from "@/components/ui/inline-icon";
import { cn } from "@/lib/utils";
import { formatDate, formatDateTime } from "@/lib/rules/format";
import { formatAmount, pointsParts, promoCell, transactionTypeLabel, type PromoVoucher } from "@/lib/rules/transaction-display";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";

// Spec 2 section 2.1: the transaction hub's columns, shared by the client table
// (transaction-table.tsx) and the first screen the server draws (transaction-hub-screen.tsx), so
// both show a row the same way. Not a client module: no hooks, no client-only icons.

export type TransactionRowActions = {
  onEdit?: (t: TransactionDto) => void;
  onDelete?: (t: TransactionDto) => void;
};

export const transactionRowId = (t: TransactionDto) => String(t.id);
export const TRANSACTION_TABLE_EMPTY = <p className="text-muted-foreground">no transactions found</p>;

/** `vouchers` undefined: the vouchers list could not be loaded, promo codes show without a status. */
export function transactionColumns(vouchers: readonly PromoVoucher[] | undefined, { onEdit, onDelete }: TransactionRowActions): ColumnDef<TransactionDto, unknown>[] {
  return [
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
  ];
}

/** A customer's initial in a circle (the hub's rows, the customer picker). */
export function Initial({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
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

// data-takeover-key: the server's first screen has the same buttons (components/ui/takeover.tsx).
function Actions({ t, onEdit, onDelete }: { t: TransactionDto } & TransactionRowActions) {
  return (
    <div className="flex justify-end gap-1">
      <Button type="button" variant="ghost" size="sm" onClick={onEdit && (() => onEdit(t))} aria-label={`edit transaction for ${t.customer.name}`} data-takeover-key={`edit-${t.id}`}>
        <InlineIcon name="pencil" /> edit
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={onDelete && (() => onDelete(t))}
        aria-label={`delete transaction for ${t.customer.name}`}
        data-takeover-key={`delete-${t.id}`}
      >
        <InlineIcon name="trash" /> delete
      </Button>
    </div>
  );
}

function PromoBadge({ t, vouchers }: { t: TransactionDto; vouchers: readonly PromoVoucher[] | undefined }) {
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

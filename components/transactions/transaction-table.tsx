"use client";

import { memo } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatDateTime, cn } from "@/lib/utils";
import { formatAmount, pointsParts, promoCell, transactionTypeLabel, type PromoVoucher } from "@/lib/rules/transaction-display";
import { Initial } from "@/components/transactions/customer-combobox";
import type { TransactionDto } from "@/components/transactions/transaction-queries";

// Spec 2 section 2.1: the hub's table. The wrapper scrolls sideways on a phone.

const SKELETON_ROWS = 10;
const COLUMNS = ["Customer", "Type", "Amount", "Points", "Promo", "Date/time", "Actions"] as const;

type Props = {
  /** undefined while the first page loads. */
  rows: TransactionDto[] | undefined;
  /** undefined when the vouchers list could not be loaded: promo codes show without a status. */
  vouchers: readonly PromoVoucher[] | undefined;
  onEdit: (t: TransactionDto) => void;
  onDelete: (t: TransactionDto) => void;
};

export function TransactionTable({ rows, vouchers, onEdit, onDelete }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHead key={c} className={c === "Actions" ? "text-right" : undefined}>
              {c}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody aria-busy={rows === undefined || undefined}>
        {rows === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <TableRow key={i} data-testid="transaction-skeleton-row">
              {COLUMNS.map((c) => (
                <TableCell key={c}>
                  <Skeleton className={cn("h-5", c === "Customer" ? "w-36" : "w-16")} />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} className="py-10 text-center text-muted-foreground">
              no transactions found
            </TableCell>
          </TableRow>
        ) : (
          rows.map((t) => <Row key={t.id} t={t} vouchers={vouchers} onEdit={onEdit} onDelete={onDelete} />)
        )}
      </TableBody>
    </Table>
  );
}

const Row = memo(function Row({ t, vouchers, onEdit, onDelete }: { t: TransactionDto; vouchers: Props["vouchers"]; onEdit: Props["onEdit"]; onDelete: Props["onDelete"] }) {
  return (
    <TableRow>
      <TableCell className="max-md:basis-full">
        <div className="flex items-center gap-3">
          <Initial name={t.customer.name} />
          <div className="min-w-0">
            <p className="max-w-48 truncate font-medium">{t.customer.name}</p>
            <p className="text-xs text-muted-foreground">{formatDate(t.createdAt)}</p>
          </div>
        </div>
      </TableCell>
      <TableCell label="type" className="max-md:basis-full">
        <span>{transactionTypeLabel(t.type)}</span>
        {t.recipient && <span className="block max-w-40 truncate text-xs text-muted-foreground">to {t.recipient.name}</span>}
        {t.description && <span className="block max-w-48 truncate text-xs text-muted-foreground">{t.description}</span>}
      </TableCell>
      <TableCell label="amount" className="tabular-nums">{formatAmount(t.amount)}</TableCell>
      <TableCell label="points" className="tabular-nums">
        {pointsParts(t).map((p) => (
          <span
            key={p.text}
            className={cn("mr-1 font-medium", p.tone === "earned" && "text-success", p.tone === "redeemed" && "text-destructive", p.tone === "none" && "text-muted-foreground")}
          >
            {p.text}
          </span>
        ))}
      </TableCell>
      <TableCell className="max-md:empty:hidden">
        <PromoBadge t={t} vouchers={vouchers} />
      </TableCell>
      <TableCell className="text-muted-foreground max-md:hidden">{formatDateTime(t.createdAt)}</TableCell>
      <TableCell className="text-right">
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
      </TableCell>
    </TableRow>
  );
});

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

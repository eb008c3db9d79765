"use client";

import { useMemo } from "react";
import { Ban, Pencil, Repeat } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import {
  canChangeVoucher,
  cannotCancelMessage,
  cannotEditMessage,
  formatVoucherDiscount,
  formatVoucherExpiry,
  voucherStatusTone,
} from "@/lib/rules/vouchers";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

// Spec 2.6: title and description, status, discount, code, expiry, actions edit / reuse / cancel.
// Only active vouchers can be edited or cancelled; the disabled buttons say why. On the shared
// DataTable (issue 20): a card a voucher on phones.

type Props = {
  rows: VoucherDto[] | undefined;
  searching: boolean;
  onEdit: (v: VoucherDto) => void;
  onReuse: (v: VoucherDto) => void;
  onCancel: (v: VoucherDto) => void;
};

const rowId = (v: VoucherDto) => String(v.id);

export function VoucherTable({ rows, searching, onEdit, onReuse, onCancel }: Props) {
  const columns = useMemo<ColumnDef<VoucherDto, unknown>[]>(
    () => [
      {
        id: "voucher",
        header: "voucher",
        cell: ({ row: { original: v } }) => (
          <>
            <p className="font-medium">{v.title}</p>
            {v.description && <p className="text-xs text-muted-foreground">{v.description}</p>}
            <p className="text-xs text-muted-foreground">for {v.customer.name}</p>
          </>
        ),
        meta: { className: "min-w-48 whitespace-normal max-md:basis-full" },
      },
      { id: "status", header: "status", cell: ({ row: { original: v } }) => <Badge variant={voucherStatusTone(v.status)}>{v.status}</Badge> },
      {
        id: "discount",
        header: "discount",
        cell: ({ row: { original: v } }) => (
          <>
            {formatVoucherDiscount(v.discountType, v.discountValue)}
            {v.minSpend && <span className="block text-xs text-muted-foreground">min spend £{v.minSpend}</span>}
          </>
        ),
      },
      { id: "code", header: "code", cell: ({ row }) => row.original.promoCode, meta: { label: "code", className: "font-mono text-xs break-all" } },
      { id: "expiry", header: "expiry", cell: ({ row }) => formatVoucherExpiry(row.original.expiresAt), meta: { label: "expires" } },
      {
        id: "actions",
        header: "actions",
        cell: ({ row }) => <VoucherActions v={row.original} onEdit={onEdit} onReuse={onReuse} onCancel={onCancel} />,
        meta: { headClassName: "text-right" },
      },
    ],
    [onEdit, onReuse, onCancel],
  );
  if (rows === undefined) return <VoucherTableSkeleton />;
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={rowId}
      aria-label="vouchers"
      rowProps={(v) => ({ "data-testid": `voucher-row-${v.id}` })}
      empty={
        <>
          <p className="font-medium">no vouchers found</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {searching ? "try a different search: it looks at the title, description and promo code." : "create your first voucher to reward your customers."}
          </p>
        </>
      }
    />
  );
}

function VoucherActions({ v, onEdit, onReuse, onCancel }: { v: VoucherDto } & Omit<Props, "rows" | "searching">) {
  const live = canChangeVoucher(v.status);
  const editHint = live ? undefined : cannotEditMessage(v.status);
  const cancelHint = live ? undefined : cannotCancelMessage(v.status);
  return (
    <div className="flex justify-end gap-1">
      <span title={editHint}>
        <Button type="button" size="sm" variant="ghost" disabled={!live} title={editHint} onClick={() => onEdit(v)}>
          <Pencil aria-hidden /> edit
        </Button>
      </span>
      <Button type="button" size="sm" variant="ghost" onClick={() => onReuse(v)}>
        <Repeat aria-hidden /> reuse
      </Button>
      <span title={cancelHint}>
        <Button type="button" size="sm" variant="ghost" className="text-destructive" disabled={!live} title={cancelHint} onClick={() => onCancel(v)}>
          <Ban aria-hidden /> cancel
        </Button>
      </span>
    </div>
  );
}

export function VoucherTableSkeleton() {
  return (
    <div role="status" className="space-y-2" aria-busy="true" aria-label="loading vouchers">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-md border p-3">
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="h-5 w-16" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </div>
  );
}

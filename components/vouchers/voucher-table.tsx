"use client";

import { Ban, Pencil, Repeat } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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
// Only active vouchers can be edited or cancelled; the disabled buttons say why.

type Props = {
  rows: VoucherDto[] | undefined;
  searching: boolean;
  onEdit: (v: VoucherDto) => void;
  onReuse: (v: VoucherDto) => void;
  onCancel: (v: VoucherDto) => void;
};

export function VoucherTable({ rows, searching, onEdit, onReuse, onCancel }: Props) {
  if (rows === undefined) return <VoucherTableSkeleton />;
  if (rows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">no vouchers found</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {searching ? "try a different search: it looks at the title, description and promo code." : "create your first voucher to reward your customers."}
        </p>
      </div>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>voucher</TableHead>
          <TableHead>status</TableHead>
          <TableHead>discount</TableHead>
          <TableHead>code</TableHead>
          <TableHead>expiry</TableHead>
          <TableHead className="text-right">actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((v) => (
          <VoucherRow key={v.id} v={v} onEdit={onEdit} onReuse={onReuse} onCancel={onCancel} />
        ))}
      </TableBody>
    </Table>
  );
}

function VoucherRow({ v, onEdit, onReuse, onCancel }: { v: VoucherDto } & Omit<Props, "rows" | "searching">) {
  const live = canChangeVoucher(v.status);
  const editHint = live ? undefined : cannotEditMessage(v.status);
  const cancelHint = live ? undefined : cannotCancelMessage(v.status);
  return (
    <TableRow data-testid={`voucher-row-${v.id}`}>
      <TableCell className="min-w-48 whitespace-normal max-md:basis-full">
        <p className="font-medium">{v.title}</p>
        {v.description && <p className="text-xs text-muted-foreground">{v.description}</p>}
        <p className="text-xs text-muted-foreground">for {v.customer.name}</p>
      </TableCell>
      <TableCell>
        <Badge variant={voucherStatusTone(v.status)}>{v.status}</Badge>
      </TableCell>
      <TableCell>
        {formatVoucherDiscount(v.discountType, v.discountValue)}
        {v.minSpend && <span className="block text-xs text-muted-foreground">min spend £{v.minSpend}</span>}
      </TableCell>
      <TableCell label="code" className="font-mono text-xs break-all">{v.promoCode}</TableCell>
      <TableCell label="expires">{formatVoucherExpiry(v.expiresAt)}</TableCell>
      <TableCell>
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
      </TableCell>
    </TableRow>
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

"use client";

import { useMemo } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { DataTable } from "@/components/ui/data-table";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { VoucherTableEmpty, voucherColumns, voucherRowId, voucherRowProps } from "@/components/vouchers/voucher-columns";

// Spec 2.6: the voucher hub's table, on the shared DataTable (issue 20): a card a voucher on
// phones. The columns are shared with the first screen the server draws (voucher-columns.tsx).

type Props = {
  rows: VoucherDto[] | undefined;
  searching: boolean;
  onEdit: (v: VoucherDto) => void;
  onReuse: (v: VoucherDto) => void;
  onCancel: (v: VoucherDto) => void;
};

export function VoucherTable({ rows, searching, onEdit, onReuse, onCancel }: Props) {
  const columns = useMemo(() => voucherColumns({ onEdit, onReuse, onCancel }), [onEdit, onReuse, onCancel]);
  if (rows === undefined) return <VoucherTableSkeleton />;
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={voucherRowId}
      aria-label="vouchers"
      rowProps={voucherRowProps}
      empty={<VoucherTableEmpty searching={searching} />}
    />
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

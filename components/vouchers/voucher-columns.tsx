import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ColumnDef } from "@/components/ui/data-table";
import { InlineIcon } from "@/components/ui/inline-icon";
import {
  canChangeVoucher,
  cannotCancelMessage,
  cannotEditMessage,
  formatVoucherDiscount,
  formatVoucherExpiry,
  voucherStatusTone,
} from "@/lib/rules/vouchers";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

// Spec 2.6: the voucher hub's columns (title and description, status, discount, code, expiry,
// actions edit / reuse / cancel), shared by the client table (voucher-table.tsx) and the first
// screen the server draws (voucher-hub-screen.tsx). Only active vouchers can be edited or
// cancelled; the disabled buttons say why. Not a client module.

export type VoucherRowActions = {
  onEdit?: (v: VoucherDto) => void;
  onReuse?: (v: VoucherDto) => void;
  onCancel?: (v: VoucherDto) => void;
};

export const voucherRowId = (v: VoucherDto) => String(v.id);
export const voucherRowProps = (v: VoucherDto) => ({ "data-testid": `voucher-row-${v.id}` });

export function voucherColumns({ onEdit, onReuse, onCancel }: VoucherRowActions): ColumnDef<VoucherDto, unknown>[] {
  return [
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
  ];
}

/** What the table shows with no vouchers (or none matching the search). */
export function VoucherTableEmpty({ searching }: { searching: boolean }) {
  return (
    <>
      <p className="font-medium">no vouchers found</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {searching ? "try a different search: it looks at the title, description and promo code." : "create your first voucher to reward your customers."}
      </p>
    </>
  );
}

function VoucherActions({ v, onEdit, onReuse, onCancel }: { v: VoucherDto } & VoucherRowActions) {
  const live = canChangeVoucher(v.status);
  const editHint = live ? undefined : cannotEditMessage(v.status);
  const cancelHint = live ? undefined : cannotCancelMessage(v.status);
  return (
    <div className="flex justify-end gap-1">
      <span title={editHint}>
        <Button type="button" size="sm" variant="ghost" disabled={!live} title={editHint} onClick={onEdit && (() => onEdit(v))} data-takeover-key={`edit-${v.id}`}>
          <InlineIcon name="pencil" /> edit
        </Button>
      </span>
      <Button type="button" size="sm" variant="ghost" onClick={onReuse && (() => onReuse(v))} data-takeover-key={`reuse-${v.id}`}>
        <InlineIcon name="repeat" /> reuse
      </Button>
      <span title={cancelHint}>
        <Button type="button" size="sm" variant="ghost" className="text-destructive" disabled={!live} title={cancelHint} onClick={onCancel && (() => onCancel(v))} data-takeover-key={`cancel-${v.id}`}>
          <InlineIcon name="ban" /> cancel
        </Button>
      </span>
    </div>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField, NumberField } from "@/components/forms/form-field";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { discountFor, meetsMinimumSpend, pointsForPurchase } from "@/lib/rules/points";
import { parsePounds, poundsString } from "@/lib/rules/money";
import { formatVoucherDiscount } from "@/lib/rules/vouchers";
import { formatGBP } from "@/lib/rules/format";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { CustomerCombobox } from "@/components/transactions/customer-combobox";
import { redemptionPence, type TransactionDraft } from "@/components/transactions/build-transaction-request";
import { useCustomerPromos } from "@/components/transactions/transaction-queries";

// The fields each transaction type needs (spec 2 section 2.2), with live previews from the
// customer's own rates: the points a purchase earns, a redemption's value, the balance after.

type Props = {
  draft: TransactionDraft;
  update: (patch: Partial<TransactionDraft>) => void;
  customer: CustomerDto | null;
};

const wholeOrNull = (s: string) => (/^-?\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : null);

function Preview({ children }: { children: ReactNode }) {
  return (
    <div aria-live="polite" data-testid="transaction-preview" className="rounded-md border bg-muted/40 p-3 text-sm">
      {children}
    </div>
  );
}

function Description({ draft, update }: Pick<Props, "draft" | "update">) {
  return (
    <FormField
      label="description (optional)"
      maxLength={500}
      value={draft.description}
      onChange={(e) => update({ description: e.target.value })}
    />
  );
}

type PointsFieldsProps = Pick<Props, "draft" | "update"> & {
  label: string;
  hint?: string;
  min?: number;
  value: string;
  onChange: (value: string) => void;
  /** The live preview under the field. */
  children: ReactNode;
};

/** A whole number of points, its preview and the description: the points-only transaction types. */
function PointsFields({ label, hint, min, value, onChange, children, draft, update }: PointsFieldsProps) {
  return (
    <div className="grid gap-4">
      <NumberField whole label={label} hint={hint} min={min} step={1} value={value} onChange={(e) => onChange(e.target.value)} />
      {children}
      <Description draft={draft} update={update} />
    </div>
  );
}

export function TransactionTypeFields({ draft, update, customer }: Props) {
  switch (draft.type) {
    case "purchase":
      return <PurchaseFields draft={draft} update={update} customer={customer} />;
    case "points_redemption": {
      const points = wholeOrNull(draft.pointsToRedeem);
      return (
        <PointsFields label="points to redeem" min={0} value={draft.pointsToRedeem} onChange={(pointsToRedeem) => update({ pointsToRedeem })} draft={draft} update={update}>
          {customer && (
            <Preview>
              <p>balance: {customer.totalPoints} points</p>
              <p>minimum redemption: {customer.minimumRedemption} points</p>
              {points !== null && points > 0 && <p className="font-medium">value: £{poundsString(redemptionPence(points, customer))}</p>}
            </Preview>
          )}
        </PointsFields>
      );
    }
    case "bonus_points":
    case "goodwill_points": {
      const points = wholeOrNull(draft.amount);
      return (
        <PointsFields label="points to award" min={1} value={draft.amount} onChange={(amount) => update({ amount })} draft={draft} update={update}>
          {customer && points !== null && points > 0 && (
            <Preview>
              adds {points} points: new balance {customer.totalPoints + points} points
            </Preview>
          )}
        </PointsFields>
      );
    }
    case "manual_adjustment": {
      const points = wholeOrNull(draft.pointsAdjustment);
      return (
        <PointsFields
          label="points to add or remove"
          hint="a positive number adds points, a negative number removes them"
          value={draft.pointsAdjustment}
          onChange={(pointsAdjustment) => update({ pointsAdjustment })}
          draft={draft}
          update={update}
        >
          {customer && (
            <Preview>
              balance: {customer.totalPoints} points
              {points !== null && points !== 0 && <> · after adjustment: {customer.totalPoints + points} points</>}
            </Preview>
          )}
        </PointsFields>
      );
    }
    case "gift_points":
      return <GiftFields draft={draft} update={update} customer={customer} />;
  }
}

function GiftFields({ draft, update, customer }: Props) {
  // The recipient as picked (the draft holds the id; the giver's change clears it there).
  const [picked, setPicked] = useState<CustomerDto | null>(null);
  const recipient = picked && picked.id === draft.recipientCustomerId ? picked : null;
  return (
    <div className="grid gap-4">
      <CustomerCombobox
        label="recipient"
        // Only accounts the ledger lets receive a gift: not closed, snoozed or asleep (issue 17).
        status="active"
        value={recipient}
        excludeId={customer?.id}
        onChange={(c) => {
          setPicked(c);
          update({ recipientCustomerId: c?.id ?? null });
        }}
      />
      <NumberField whole label="points to gift" min={1} max={customer?.totalPoints} step={1} value={draft.giftPoints} onChange={(e) => update({ giftPoints: e.target.value })} />
      {customer && <Preview>available: {customer.totalPoints} points</Preview>}
      <Description draft={draft} update={update} />
    </div>
  );
}

const activeVouchers = (vouchers: VoucherDto[] | undefined) => (vouchers ?? []).filter((v) => v.status === "active");

function PurchaseFields({ draft, update, customer }: Props) {
  const promos = useCustomerPromos(customer?.id ?? null);
  const suggestions = activeVouchers(promos.data);
  const amountPence = parsePounds(draft.amount);
  const code = draft.promoCode.trim().toUpperCase();
  const voucher = code ? suggestions.find((v) => v.promoCode.toUpperCase() === code) : undefined;

  let preview: ReactNode = null;
  if (customer && amountPence !== null && amountPence > 0) {
    const promo = voucher
      ? { discountType: voucher.discountType, discountValue: voucher.discountValue, minSpendPence: voucher.minSpend ? parsePounds(voucher.minSpend) : null, maxDiscountPence: voucher.maxDiscount ? parsePounds(voucher.maxDiscount) : null }
      : null;
    if (promo && !meetsMinimumSpend(promo, amountPence)) {
      preview = `Minimum spend of £${poundsString(promo.minSpendPence ?? 0)} required (current: £${poundsString(amountPence)})`;
    } else {
      const discount = promo ? discountFor(promo, amountPence) : 0;
      const earned = pointsForPurchase(amountPence - discount, customer.pointsPerPound);
      preview = discount > 0 ? `discount ${formatGBP(discount)}: customer pays ${formatGBP(amountPence - discount)} and earns ${earned} points` : `earns ${earned} points`;
    }
  }

  return (
    <div className="grid gap-4">
      <FormField
        label="amount (£)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        hint={customer ? `${customer.pointsPerPound} ${Number(customer.pointsPerPound) === 1 ? "point" : "points"} per £1` : undefined}
        value={draft.amount}
        onChange={(e) => update({ amount: e.target.value })}
      />
      <div className="grid gap-2">
        <FormField
          label="promo code (optional)"
          autoComplete="off"
          value={draft.promoCode}
          onChange={(e) => update({ promoCode: e.target.value.toUpperCase() })}
        />
        {suggestions.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-muted-foreground">this customer&apos;s vouchers:</span>
            {suggestions.map((v) => (
              <Button key={v.id} type="button" variant="outline" size="sm" onClick={() => update({ promoCode: v.promoCode })} aria-label={`use promo code ${v.promoCode}`}>
                {v.promoCode}
                <Badge variant="secondary">{formatVoucherDiscount(v.discountType, v.discountValue)}</Badge>
              </Button>
            ))}
          </div>
        )}
      </div>
      {preview && <Preview>{preview}</Preview>}
      <Description draft={draft} update={update} />
    </div>
  );
}

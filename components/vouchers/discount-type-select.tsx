"use client";

import { Label } from "@/components/ui/label";
import type { DiscountType } from "@/lib/rules/vouchers";

/** The voucher's discount type (create and edit). Choosing a type clears the value (spec 5.8),
 *  which the caller does in onChange. */
export function DiscountTypeSelect({ id, value, onChange }: { id: string; value: DiscountType; onChange: (type: DiscountType) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>discount type</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as DiscountType)}
        className="h-10 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
      >
        <option value="percentage">percentage (%)</option>
        <option value="fixed">fixed amount (£)</option>
      </select>
    </div>
  );
}

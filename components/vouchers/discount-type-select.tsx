"use client";

import { SelectField } from "@/components/forms/form-field";
import type { DiscountType } from "@/lib/rules/vouchers";

/** The voucher's discount type (create and edit). Choosing a type clears the value (spec 5.8),
 *  which the caller does in onChange. */
export function DiscountTypeSelect({ id, value, onChange }: { id: string; value: DiscountType; onChange: (type: DiscountType) => void }) {
  return (
    <SelectField id={id} label="discount type" value={value} onChange={(e) => onChange(e.target.value as DiscountType)}>
      <option value="percentage">percentage (%)</option>
      <option value="fixed">fixed amount (£)</option>
    </SelectField>
  );
}

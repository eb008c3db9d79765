"use client";

import { useState } from "react";
import { Lock } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { toast } from "@/hooks/use-toast";
import { apiJson } from "@/lib/client/api";
import { decimalInput, endOfUkDay, expiryPickerRange, isCalendarDate, isExpiryDayPast, ukDateOf, type DiscountType } from "@/lib/rules/vouchers";
import { REQUIRED_MESSAGE, updateVoucherSchema } from "@/lib/validation/vouchers";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { invalidateAfterVoucherChange, type UpdateVoucherResult } from "@/components/vouchers/voucher-queries";
import { DiscountTypeSelect } from "@/components/vouchers/discount-type-select";

// Spec 5.8: the Edit voucher dialog. The code and the recipient are shown but locked; the expiry
// is a day (past days disabled), sent as 23:59:59 UK time of that day; discount and minimum spend
// take digits and one decimal point; changing the discount type clears the discount.

export const EXPIRY_FUTURE_MESSAGE = "expiry date must be in the future";

type Fields = { title: string; description: string; discountType: DiscountType; discountValue: string; minSpend: string; expiresAt: string };

function fieldsOf(v: VoucherDto): Fields {
  return {
    title: v.title,
    description: v.description ?? "",
    discountType: v.discountType,
    discountValue: v.discountType === "fixed" ? v.discountValue.toFixed(2) : String(v.discountValue),
    minSpend: v.minSpend ?? "",
    expiresAt: v.expiresAt ? ukDateOf(new Date(v.expiresAt)) : "",
  };
}

type Props = {
  voucher: VoucherDto;
  onClose: () => void;
  /** The server emailed the customer the new details: the hub shows the acknowledgement. */
  onNotified: (v: VoucherDto) => void;
};

export function EditVoucherDialog({ voucher, onClose, onNotified }: Props) {
  const [f, setF] = useState<Fields>(() => fieldsOf(voucher));
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((prev) => ({ ...prev, [key]: value }));
  const range = expiryPickerRange(new Date());
  const save = useSubmitMutation({
    mutationFn: (body: unknown) => apiJson<UpdateVoucherResult>("PUT", `/api/vouchers/${voucher.id}`, body),
    success: (result) => ({ title: result.emailSent ? "voucher updated successfully and customer notified" : "voucher updated successfully" }),
    refresh: invalidateAfterVoucherChange,
    failure: { title: "error" },
    onDone: onClose,
    onSuccess: (result) => {
      if (result.emailSent) onNotified(result.voucher);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fail = (title: string, description?: string) => toast({ variant: "destructive", title, description });
    if (!f.title.trim() || !f.discountValue.trim() || !f.expiresAt) return fail(REQUIRED_MESSAGE);
    if (!isCalendarDate(f.expiresAt) || isExpiryDayPast(f.expiresAt, new Date())) return fail(EXPIRY_FUTURE_MESSAGE);
    const body = {
      title: f.title,
      description: f.description,
      discountType: f.discountType,
      discountValue: f.discountValue,
      minSpend: f.minSpend.trim() === "" ? null : f.minSpend,
      expiresAt: endOfUkDay(f.expiresAt).toISOString(),
    };
    const checked = updateVoucherSchema.safeParse(body);
    if (!checked.success) return fail("error", checked.error.issues[0]?.message);
    save.mutate(body);
  };

  return (
    <FormDialog open onClose={onClose} pending={save.isPending} title="edit voucher" description="the customer is emailed the new details if they agreed to email marketing.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="edit-voucher-code">
              promo code <Lock aria-hidden className="size-3" />
            </Label>
            <Input id="edit-voucher-code" value={voucher.promoCode} readOnly disabled className="font-mono" aria-describedby="edit-voucher-locked" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-voucher-recipient">
              recipient <Lock aria-hidden className="size-3" />
            </Label>
            <Input id="edit-voucher-recipient" value={voucher.customer.name} readOnly disabled aria-describedby="edit-voucher-locked" />
          </div>
          <p id="edit-voucher-locked" className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
            the code and the recipient cannot be changed.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="edit-voucher-title">title *</Label>
          <Input id="edit-voucher-title" value={f.title} maxLength={100} onChange={(e) => set("title", e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="edit-voucher-description">description</Label>
          <Textarea id="edit-voucher-description" value={f.description} maxLength={500} onChange={(e) => set("description", e.target.value)} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DiscountTypeSelect id="edit-voucher-type" value={f.discountType} onChange={(discountType) => setF((prev) => ({ ...prev, discountType, discountValue: "" }))} />
          <div className="grid gap-1.5">
            <Label htmlFor="edit-voucher-value">{f.discountType === "percentage" ? "discount (%) *" : "discount (£) *"}</Label>
            <Input id="edit-voucher-value" inputMode="decimal" value={f.discountValue} onChange={(e) => set("discountValue", decimalInput(e.target.value))} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-voucher-min-spend">minimum spend (£)</Label>
            <Input id="edit-voucher-min-spend" inputMode="decimal" value={f.minSpend} placeholder="optional" onChange={(e) => set("minSpend", decimalInput(e.target.value))} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-voucher-expiry">expiry date *</Label>
            <Input id="edit-voucher-expiry" type="date" min={range.min} max={range.max} value={f.expiresAt} onChange={(e) => set("expiresAt", e.target.value)} />
          </div>
        </div>
        <FormFooter onCancel={onClose} pending={save.isPending} submitLabel="save changes" pendingLabel="saving..." />
      </form>
    </FormDialog>
  );
}

"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { dismiss, toast } from "@/hooks/use-toast";
import { apiJson, errorMessage, errorStatus } from "@/lib/client/api";
import {
  consentMismatchText,
  expiryPickerRange,
  isCalendarDate,
  isExpiryDayPast,
  missingConsents,
  nameList,
  normalisePromoCodeInput,
  voucherBlockReason,
} from "@/lib/rules/vouchers";
import { CHANNEL_MESSAGE, REQUIRED_MESSAGE, SELECT_CUSTOMER_MESSAGE, createVoucherJobSchema, createVoucherSchema } from "@/lib/validation/vouchers";
import { queryKeys } from "@/lib/client/query-keys";
import type { VoucherSendJobDto } from "@/lib/vouchers/voucher-send-job-dto";
import { useCustomersByIds } from "@/components/customers/customer-queries";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { VoucherCustomerPicker } from "@/components/vouchers/voucher-customer-picker";
import { invalidateAfterVoucherChange, useRecentVouchers, type CreateVoucherResult } from "@/components/vouchers/voucher-queries";
import { DiscountTypeSelect } from "@/components/vouchers/discount-type-select";
import { EMPTY_DRAFT, type VoucherDraft } from "@/components/vouchers/voucher-draft";

// Spec 5.7: the Create Voucher modal. The browser checks what it can (required fields, a customer,
// consent per channel, sleeping or closed customers) and blocks the submit with the spec's toasts;
// the server checks everything again, plus the one-voucher-per-week and SMS allowance rules.
// Issue 20: each problem is also shown beside the field it belongs to (the toast alone marked
// nothing), and the toast goes away as soon as the fields it complained about are fixed.
// Issue 23: a selection made with "select all eligible" is sent as a background job
// (POST /api/vouchers/jobs): the server resolves the same search again, less the customers
// unticked since, plus any picked by hand; the hub shows its progress. A hand-picked selection is
// sent at once (POST /api/promos). The picker is the server's search a page at a time, so the
// dialog keeps the customers it saw ticked (and reads the preselected ones by id) for its checks;
// those "select all eligible" added without showing them the server has just called eligible.

export const EASY_TIGER = "easy tiger, too many contacts can cause customers to unsubscribe - consider waiting a few days!";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialDraft?: VoucherDraft;
  initialCustomerIds?: number[];
  onCreated?: (result: CreateVoucherResult) => void;
  /** A background send started (issue 23). */
  onJobStarted?: (job: VoucherSendJobDto) => void;
};

/** The last "select all eligible": its search, the channels it was for and the ids it answered. */
type EligiblePick = { q: string; channels: string; ids: ReadonlySet<number> };
const channelsKey = (c: { sendEmail: boolean; sendSms: boolean }) => `${c.sendEmail ? "email" : ""},${c.sendSms ? "sms" : ""}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The names for the recent-voucher warning: the known ones, then the others counted. */
export function recentNamesText(known: string[], unknown: number): string {
  if (unknown === 0) return nameList(known);
  if (known.length >= 3) return nameList([...known, ...Array<string>(unknown).fill("")]);
  const others = plural(unknown, known.length ? "other customer" : "customer");
  return known.length ? `${known.join(", ")} and ${others}` : others;
}

/** The toast of the form's current problem: one id while problems last, so it is replaced and
 *  dismissed as one; a new id after a dismissal, because sonner keeps a dismissed toast for its exit
 *  animation and a new toast under the same id in that moment went with it (a quick resubmit showed
 *  nothing). */
export const VOUCHER_ERROR_TOAST = "create-voucher-error";

type Field = "title" | "promoCode" | "expiresAt" | "discountValue" | "minSpend" | "customers" | "channels" | "form";
type FieldErrors = Partial<Record<Field, string>>;

/** Which field a server message is about (the server's 400s name the field in words). */
function fieldOfMessage(message: string): Field {
  const m = message.toLowerCase();
  if (m.includes("promo code") || m.includes("code already")) return "promoCode";
  if (m.includes("expir")) return "expiresAt";
  if (m.includes("minimum spend") || m.includes("min spend")) return "minSpend";
  if (m.includes("discount") || m.includes("percentage") || m.includes("amount")) return "discountValue";
  if (m.includes("title")) return "title";
  if (m.includes("customer") || m.includes("consent")) return "customers";
  if (m.includes("sms") || m.includes("email")) return "channels";
  return "form";
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** aria-invalid and aria-describedby for a control whose error is shown under it. */
const invalid = (errors: FieldErrors, field: Field, id: string) =>
  errors[field] ? { "aria-invalid": true as const, "aria-describedby": id } : {};

export function CreateVoucherDialog({ open, onOpenChange, initialDraft = EMPTY_DRAFT, initialCustomerIds = [], onCreated, onJobStarted }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<VoucherDraft>(initialDraft);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(initialCustomerIds));
  const [initialIds] = useState(() => [...new Set(initialCustomerIds)]);
  const preselected = useCustomersByIds(initialIds, { enabled: open });
  /** The customers ticked in the list, as it showed them. */
  const [ticked, setTicked] = useState<ReadonlyMap<number, CustomerDto>>(() => new Map());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [eligiblePick, setEligiblePick] = useState<EligiblePick | null>(null);
  /** Forget the errors these fields had; once none is left, the toast about them goes too. */
  const resolve = (...fields: Field[]) =>
    setErrors((current) => {
      if (!fields.some((f) => current[f])) return current;
      const next = { ...current };
      for (const f of fields) delete next[f];
      return next;
    });
  // The toast goes once the last problem is resolved: after the render that cleared them (an effect,
  // not inside the state updater, which React may run later than the click, or twice).
  const hadErrors = useRef(false);
  const errorToast = useRef(0);
  const errorToastId = () => `${VOUCHER_ERROR_TOAST}-${errorToast.current}`;
  const dismissErrorToast = useCallback(() => {
    dismiss(`${VOUCHER_ERROR_TOAST}-${errorToast.current}`);
    errorToast.current += 1;
  }, []);
  useEffect(() => {
    const has = Object.keys(errors).length > 0;
    if (hadErrors.current && !has) dismissErrorToast();
    hadErrors.current = has;
  }, [errors, dismissErrorToast]);
  const set = <K extends keyof VoucherDraft>(key: K, value: VoucherDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key === "sendEmail" || key === "sendSms") resolve("channels", "customers", "form");
    else if (key === "discountType") resolve("discountValue", "form");
    else resolve(key as Field, "form");
  };
  const changeSelected = (next: ReadonlySet<number>, seen: readonly CustomerDto[]) => {
    setSelected(next);
    if (seen.length > 0) setTicked((m) => new Map([...m, ...seen.map((c) => [c.id, c] as const)]));
    resolve("customers", "form");
  };
  const channels = { sendEmail: draft.sendEmail, sendSms: draft.sendSms };

  const selectedIds = useMemo(() => [...selected], [selected]);
  const { recentIds } = useRecentVouchers(selectedIds, open);
  const known = useMemo(() => new Map([...(preselected.data ?? []).map((c) => [c.id, c] as const), ...ticked]), [preselected.data, ticked]);
  const selectedCustomers = useMemo(() => selectedIds.flatMap((id) => known.get(id) ?? []), [selectedIds, known]);
  const recent = selectedIds.filter((id) => recentIds.has(id));
  const recentKnown = recent.flatMap((id) => known.get(id)?.name ?? []);
  const range = expiryPickerRange(new Date());

  const create = useMutation({ mutationFn: (body: unknown) => apiJson<CreateVoucherResult>("POST", "/api/promos", body) });
  const startJob = useMutation({ mutationFn: (body: unknown) => apiJson<VoucherSendJobDto>("POST", "/api/vouchers/jobs", body) });
  const pending = create.isPending || startJob.isPending;

  /** The spec's toast for the problem, and the problem beside its field(s). */
  const fail = (fieldErrors: FieldErrors, title: string, description?: string) => {
    setErrors(fieldErrors);
    toast({ id: errorToastId(), variant: "destructive", title, description });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (!draft.title.trim()) missing.title = "title is required";
    if (!draft.promoCode.trim()) missing.promoCode = "promo code is required";
    if (!draft.expiresAt) missing.expiresAt = "expiry date is required";
    if (!draft.discountValue.trim()) missing.discountValue = "discount is required";
    if (Object.keys(missing).length > 0) return fail(missing, REQUIRED_MESSAGE);
    if (selected.size === 0) return fail({ customers: SELECT_CUSTOMER_MESSAGE }, SELECT_CUSTOMER_MESSAGE);
    if (!draft.sendEmail && !draft.sendSms) return fail({ channels: CHANNEL_MESSAGE }, CHANNEL_MESSAGE);
    const blocked = selectedCustomers.filter((c) => voucherBlockReason(c) !== null);
    if (blocked.length > 0) {
      const text = `${plural(blocked.length, "selected customer")} ${blocked.length === 1 ? "is" : "are"} asleep, snoozed or closed and cannot receive vouchers: ${nameList(blocked.map((c) => c.name))}`;
      return fail({ customers: text }, "cannot send voucher", text);
    }
    const lacking = selectedCustomers.filter((c) => missingConsents(c, channels).length > 0);
    if (lacking.length > 0) {
      const text = consentMismatchText(lacking.length, channels);
      return fail({ customers: text }, "consent mismatch", text);
    }
    if (isCalendarDate(draft.expiresAt) && isExpiryDayPast(draft.expiresAt, new Date())) {
      return fail({ expiresAt: "expiry date must not be in the past" }, "error", "expiry date must not be in the past");
    }

    const content = {
      title: draft.title,
      description: draft.description,
      promoCode: draft.promoCode,
      discountType: draft.discountType,
      discountValue: draft.discountValue,
      minSpend: draft.minSpend.trim() === "" ? null : draft.minSpend,
      expiresAt: draft.expiresAt,
      sendEmail: draft.sendEmail,
      sendSms: draft.sendSms,
    };
    // Still the pick "select all eligible" made (same channels, some of its customers still ticked)?
    const pick = eligiblePick && eligiblePick.channels === channelsKey(channels) && selectedIds.some((id) => eligiblePick.ids.has(id)) ? eligiblePick : null;
    const payload = pick
      ? {
          ...content,
          allEligible: true,
          q: pick.q || undefined,
          exceptCustomerIds: [...pick.ids].filter((id) => !selected.has(id)),
          customerIds: selectedIds.filter((id) => !pick.ids.has(id)),
        }
      : { ...content, customerIds: selectedIds };
    const checked = (pick ? createVoucherJobSchema : createVoucherSchema).safeParse(payload);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? "please check the form";
      const path = String(checked.error.issues[0]?.path[0] ?? "");
      const field: Field = path === "customerIds" ? "customers" : path === "sendEmail" || path === "sendSms" ? "channels" : (["title", "promoCode", "expiresAt", "discountValue", "minSpend"] as const).find((f) => f === path) ?? fieldOfMessage(message);
      return fail({ [field]: message }, "error", message);
    }

    const onError = (error: unknown) => {
      const status = errorStatus(error);
      if (status !== null && status >= 400 && status < 500) {
        const message = errorMessage(error);
        fail({ [fieldOfMessage(message)]: message }, "error", message);
      } else fail({}, "failed to send voucher", "please try again");
    };
    if (pick) {
      startJob.mutate(payload, {
        onSuccess: (job) => {
          setErrors({});
          toast({ title: "sending voucher", description: `sending to ${plural(job.total, "customer")} in the background: follow it in the voucher hub` });
          void queryClient.invalidateQueries({ queryKey: queryKeys.voucherJobs });
          onOpenChange(false);
          onJobStarted?.(job);
        },
        onError,
      });
      return;
    }
    create.mutate(payload, {
      onSuccess: (result) => {
        setErrors({});
        toast({ title: "success", description: `voucher created and distributed to ${plural(result.customersProcessed, "customer")}` });
        void invalidateAfterVoucherChange(queryClient);
        onOpenChange(false);
        onCreated?.(result);
      },
      onError,
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={() => {
        dismissErrorToast();
        onOpenChange(false);
      }}
      pending={pending}
      className="sm:max-w-2xl"
      title="create voucher"
      description="send a voucher to the customers you choose, by email, SMS or both."
    >
      <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="voucher-title">title *</Label>
          <Input id="voucher-title" value={draft.title} maxLength={100} onChange={(e) => set("title", e.target.value)} placeholder="e.g. 20% off your next coffee" {...invalid(errors, "title", "voucher-title-error")} />
          <FieldError id="voucher-title-error" message={errors.title} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="voucher-description">description</Label>
          <Textarea id="voucher-description" value={draft.description} maxLength={500} onChange={(e) => set("description", e.target.value)} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="voucher-code">promo code *</Label>
            <Input
              id="voucher-code"
              value={draft.promoCode}
              onChange={(e) => set("promoCode", normalisePromoCodeInput(e.target.value))}
              autoCapitalize="characters"
              autoComplete="off"
              className="font-mono uppercase"
              placeholder="SUMMER20"
              {...invalid(errors, "promoCode", "voucher-code-error")}
            />
            <FieldError id="voucher-code-error" message={errors.promoCode} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="voucher-expiry">expiry date *</Label>
            <Input id="voucher-expiry" type="date" min={range.min} max={range.max} value={draft.expiresAt} onChange={(e) => set("expiresAt", e.target.value)} {...invalid(errors, "expiresAt", "voucher-expiry-error")} />
            <FieldError id="voucher-expiry-error" message={errors.expiresAt} />
          </div>
          <DiscountTypeSelect id="voucher-type" value={draft.discountType} onChange={(discountType) => setDraft((d) => ({ ...d, discountType, discountValue: "" }))} />
          <div className="grid gap-1.5">
            <Label htmlFor="voucher-value">{draft.discountType === "percentage" ? "discount (%) *" : "discount (£) *"}</Label>
            <Input
              id="voucher-value"
              type="number"
              inputMode="decimal"
              min={0}
              step={draft.discountType === "percentage" ? 1 : 0.01}
              value={draft.discountValue}
              onChange={(e) => set("discountValue", e.target.value)}
              {...invalid(errors, "discountValue", "voucher-value-error")}
            />
            <FieldError id="voucher-value-error" message={errors.discountValue} />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="voucher-min-spend">minimum spend (£)</Label>
            <Input id="voucher-min-spend" type="number" inputMode="decimal" min={0} step={0.01} value={draft.minSpend} onChange={(e) => set("minSpend", e.target.value)} placeholder="optional" {...invalid(errors, "minSpend", "voucher-min-spend-error")} />
            <FieldError id="voucher-min-spend-error" message={errors.minSpend} />
          </div>
        </div>

        <fieldset className="grid gap-2" aria-describedby={errors.channels ? "voucher-channels-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">send by</legend>
          <div className="flex flex-wrap gap-4">
            <Label className="font-normal">
              <Checkbox checked={draft.sendEmail} onCheckedChange={(v) => set("sendEmail", v === true)} /> email
            </Label>
            <Label className="font-normal">
              <Checkbox checked={draft.sendSms} onCheckedChange={(v) => set("sendSms", v === true)} /> SMS
            </Label>
          </div>
          <FieldError id="voucher-channels-error" message={errors.channels} />
        </fieldset>

        <VoucherCustomerPicker
          enabled={open}
          selected={selected}
          onChange={changeSelected}
          channels={channels}
          recentIds={recentIds}
          onSelectAllEligible={({ q, ids }) => setEligiblePick({ q, channels: channelsKey(channels), ids: new Set(ids) })}
        />
        <FieldError id="voucher-customers-error" message={errors.customers} />
        <FieldError id="voucher-form-error" message={errors.form} />

        {recent.length > 0 && (
          <Alert variant="warning">
            <AlertTriangle aria-hidden />
            <AlertTitle>{EASY_TIGER}</AlertTitle>
            <AlertDescription>{`${recentNamesText(recentKnown, recent.length - recentKnown.length)} received a voucher in the last 7 days.`}</AlertDescription>
          </Alert>
        )}

        <FormFooter onCancel={() => onOpenChange(false)} pending={pending} submitLabel="create voucher" pendingLabel="sending..." />
      </form>
    </FormDialog>
  );
}

"use client";

import { useId, useState, type ComponentProps } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { MessageSquareText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormErrorBox } from "@/components/ui/form-error-box";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CustomerLegalText, marketingChoiceLabel, type MarketingChoice } from "@/components/customers/customer-legal-text";
import type { customerDetailsSchema } from "@/lib/validation/customers";
import { formatUkPhone } from "@/lib/rules/uk-phone";
import { OtpInput } from "@/components/ui/otp-input";
import { onSubmitted } from "@/components/forms/on-submitted";

// The four steps of the add-customer dialog (spec 1 sections 2 and 4). The dialog owns the state;
// these only render it.

export type DetailsInput = z.input<typeof customerDetailsSchema>;
export type DetailsOutput = z.output<typeof customerDetailsSchema>;

export const ERROR_BOX_HEADING = "oops! let's fix these quickly:";
const FIELD_ORDER = ["name", "email", "phone", "dateOfBirth", "referralCode"] as const;

function StepHeader({ step, title, description }: { step: number; title: string; description?: string }) {
  return (
    <DialogHeader>
      <p className="text-xs font-medium text-muted-foreground">step {step} of 4</p>
      <DialogTitle>{title}</DialogTitle>
      {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">{title}</DialogDescription>}
    </DialogHeader>
  );
}

export function DetailsStep({ form, onNext }: { form: UseFormReturn<DetailsInput, unknown, DetailsOutput>; onNext: (values: DetailsOutput) => void }) {
  const { errors } = form.formState;
  const messages = FIELD_ORDER.map((f) => errors[f]?.message).filter((m): m is string => !!m);
  const ids = { name: useId(), email: useId(), phone: useId(), dateOfBirth: useId(), referralCode: useId() };
  // Issue 26: the friend's referral code, behind a small link unless one is already there (the /r/CODE link, a server refusal).
  const [referralOpen, setReferralOpen] = useState(() => !!form.getValues("referralCode"));
  const typedCode = form.watch("referralCode");
  // A code set from outside (the link's prefill, a server refusal) opens it; it then stays open even if cleared.
  if ((typedCode || errors.referralCode) && !referralOpen) setReferralOpen(true);
  const showReferral = referralOpen || !!typedCode || !!errors.referralCode;
  const field = (name: (typeof FIELD_ORDER)[number], label: string, props: ComponentProps<typeof Input>) => (
    <div className="grid gap-1.5">
      <Label htmlFor={ids[name]}>{label}</Label>
      <Input id={ids[name]} aria-invalid={errors[name] ? true : undefined} {...props} {...form.register(name)} />
    </div>
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(onNext)} className="grid gap-4">
      <StepHeader step={1} title="welcome a new legend!" description="enter the customer's details to create their loyalty card." />
      <FormErrorBox heading={ERROR_BOX_HEADING} messages={messages} />
      {field("name", "full name", { autoComplete: "off", placeholder: "Sarah Jones-Brown" })}
      {field("email", "email", { type: "email", autoComplete: "off", placeholder: "sarah@example.com" })}
      {field("phone", "phone", { type: "tel", autoComplete: "off", placeholder: "07700 900123" })}
      {field("dateOfBirth", "date of birth (optional)", { type: "date" })}
      {showReferral ? (
        field("referralCode", "referral code (optional)", { autoComplete: "off", autoCapitalize: "characters", spellCheck: false, placeholder: "ABCD2345", className: "font-mono uppercase" })
      ) : (
        <Button type="button" variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => setReferralOpen(true)}>
          joined with a friend&apos;s referral code?
        </Button>
      )}
      <DialogFooter>
        <Button type="submit" className="w-full sm:w-auto">
          let&apos;s do this!
        </Button>
      </DialogFooter>
    </form>
  );
}

export function MarketingStep({
  choice,
  onChange,
  onBack,
  onNext,
}: {
  choice: MarketingChoice;
  onChange: (choice: MarketingChoice) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const emailId = useId();
  const smsId = useId();
  return (
    <div className="grid gap-4">
      <StepHeader step={2} title="marketing preferences" />
      <div className="space-y-2 text-sm text-muted-foreground">
        <p>
          automated loyalty texts and emails (points updates, rewards and card updates) are always delivered, whatever is
          chosen here.
        </p>
        <p>to send this customer vouchers and offers, you need their consent. ask them how they are happy to hear from you.</p>
      </div>
      <div className="grid gap-3 rounded-lg border p-3">
        <div className="flex items-center gap-3">
          <Checkbox id={emailId} checked={choice.email} onCheckedChange={(v) => onChange({ ...choice, email: v === true })} />
          <Label htmlFor={emailId}>email marketing</Label>
        </div>
        <div className="flex items-center gap-3">
          <Checkbox id={smsId} checked={choice.sms} onCheckedChange={(v) => onChange({ ...choice, sms: v === true })} />
          <Label htmlFor={smsId}>SMS marketing</Label>
        </div>
      </div>
      <div role="note" className="flex gap-2 rounded-lg border border-warning bg-warning/15 p-3 text-sm">
        <MessageSquareText className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>SMS verification is required: we will text a 4-digit code to the customer&apos;s phone to confirm their number.</p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          go back
        </Button>
        <Button type="button" onClick={onNext}>
          send verification code
        </Button>
      </DialogFooter>
    </div>
  );
}

export function LegalStep({
  details,
  choice,
  businessName,
  confirmed,
  onConfirmedChange,
  pending,
  onBack,
  onSend,
}: {
  details: DetailsOutput;
  choice: MarketingChoice;
  businessName: string;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  pending: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  const checkboxId = useId();
  return (
    <div className="grid gap-4">
      <StepHeader step={3} title="customer information confirmation" description="share this with the customer before sending the code." />
      <CustomerLegalText businessName={businessName} choice={choice} hasDateOfBirth={!!details.dateOfBirth} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">name</dt>
        <dd className="min-w-0 break-words">{details.name}</dd>
        <dt className="text-muted-foreground">email</dt>
        <dd className="min-w-0 break-all">{details.email}</dd>
        <dt className="text-muted-foreground">phone</dt>
        <dd className="min-w-0 break-all">{formatUkPhone(details.phone)}</dd>
        <dt className="text-muted-foreground">marketing</dt>
        <dd>{marketingChoiceLabel(choice)}</dd>
        {details.referralCode && (
          <>
            <dt className="text-muted-foreground">referral code</dt>
            <dd className="font-mono">{details.referralCode}</dd>
          </>
        )}
      </dl>
      <div className="flex items-start gap-3">
        <Checkbox id={checkboxId} checked={confirmed} onCheckedChange={(v) => onConfirmedChange(v === true)} aria-required="true" className="mt-0.5" />
        <Label htmlFor={checkboxId} className="leading-snug font-normal">
          I confirm I have read this information to the customer or emailed it to them.
        </Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          go back
        </Button>
        <Button type="button" onClick={onSend} disabled={!confirmed || pending} aria-busy={pending || undefined}>
          {pending ? "sending verification code..." : "confirmed - send verification code"}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function SmsStep({
  phone,
  code,
  onCodeChange,
  canVerify,
  verifying,
  resending,
  onUpdateNumber,
  onVerify,
  onResend,
}: {
  phone: string;
  code: string;
  onCodeChange: (code: string) => void;
  canVerify: boolean;
  verifying: boolean;
  resending: boolean;
  onUpdateNumber: () => void;
  onVerify: () => void;
  onResend: () => void;
}) {
  const codeId = useId();
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={onSubmitted(() => {
        if (canVerify) onVerify();
      })}
    >
      <StepHeader step={4} title="sms verification" description="ask the customer for the 4-digit code we just texted them." />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
        <span>
          code sent to <span className="font-medium" data-testid="verification-phone">{phone}</span>
        </span>
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onUpdateNumber} disabled={verifying}>
          Update Number
        </Button>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={codeId}>verification code</Label>
        <OtpInput id={codeId} length={4} value={code} onChange={onCodeChange} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onResend} disabled={resending || verifying} aria-busy={resending || undefined}>
          {resending ? "Resending..." : "Resend Code"}
        </Button>
        <Button type="submit" disabled={!canVerify} aria-busy={verifying || undefined}>
          {verifying ? "Verifying..." : "Verify & Complete Signup"}
        </Button>
      </DialogFooter>
    </form>
  );
}

"use client";

import { useId, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useCheckedField } from "@/components/forms/use-checked-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { CODE_MESSAGE, sendSmsVerificationSchema } from "@/lib/validation/business";
import { OtpInput } from "@/components/ui/otp-input";
import { SubmitButton } from "@/components/forms/submit-button";
import { onSubmitted } from "@/components/forms/on-submitted";

// Spec 2 sections 4.4, 5.9 and 8: send a code to the business phone, enter the 4 digits, verify;
// a resend is available and the code expires in 10 minutes. Reusable: by default it calls the
// business endpoints; the sign-up flow (no session yet) can pass its own sendCode / verifyCode.

export type SendCodeResult = { message?: string; phone?: string } | null;
export type PhoneVerificationProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The number to verify, prefilled and editable. */
  phone?: string;
  businessName?: string;
  onVerified?: (result: { phone: string }) => void;
  sendCode?: (input: { phone: string; businessName: string }) => Promise<SendCodeResult>;
  verifyCode?: (input: { phone: string; code: string }) => Promise<unknown>;
};

const defaultSend = (input: { phone: string; businessName: string }) => apiJson<SendCodeResult>("POST", "/api/business/send-sms-verification", input);
const defaultVerify = ({ code }: { phone: string; code: string }) => apiJson("POST", "/api/business/verify-sms-code", { code });

export function PhoneVerificationDialog({ open, onOpenChange, ...rest }: PhoneVerificationProps) {
  return (
    <FormDialog open={open} onClose={() => onOpenChange(false)} title="verify your phone number" description="we will text a 4-digit code to this number. the code expires in 10 minutes.">
      {open && <PhoneVerificationSteps {...rest} onClose={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function PhoneVerificationSteps({
  phone: initialPhone = "",
  businessName = "",
  onVerified,
  sendCode = defaultSend,
  verifyCode = defaultVerify,
  onClose,
}: Omit<PhoneVerificationProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const queryClient = useQueryClient();
  const codeId = useId();
  const phoneField = useCheckedField(sendSmsVerificationSchema.shape.phone, initialPhone);
  const phone = phoneField.value;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const send = async () => {
    const parsed = phoneField.check();
    if (!parsed) return;
    setSending(true);
    try {
      const result = await sendCode({ phone, businessName });
      const to = result?.phone ?? parsed.data;
      setSentTo(to);
      setCode("");
      toast({ title: "Code Sent", description: result?.message ?? `A 4-digit verification code has been sent to ${to}` });
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: serverMessage(error, "Failed to send verification code") });
    } finally {
      setSending(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(code)) {
      toast({ variant: "destructive", title: "Invalid Code", description: CODE_MESSAGE });
      return;
    }
    setVerifying(true);
    try {
      await verifyCode({ phone: sentTo ?? phone, code });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
      toast({ title: "Phone Verified", description: `${sentTo ?? phone} is now verified.` });
      onVerified?.({ phone: sentTo ?? phone });
      onClose();
    } catch (error) {
      setCode("");
      toast({ variant: "destructive", title: "Verification Failed", description: serverMessage(error, "Invalid verification code") });
    } finally {
      setVerifying(false);
    }
  };

  if (sentTo === null) {
    return (
      <form noValidate className="grid gap-4" onSubmit={onSubmitted(() => void send())}>
        <FormField label="phone number" type="tel" autoComplete="tel" hint="a UK number, e.g. 07700 900123" disabled={sending} {...phoneField.field} />
        <FormFooter onCancel={onClose} pending={sending} submitLabel="Send Code" pendingLabel="Sending..." />
      </form>
    );
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={verify}>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
        <span className="min-w-0 break-words">
          code sent to <span className="font-medium">{sentTo}</span>
        </span>
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setSentTo(null)} disabled={verifying}>
          change number
        </Button>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={codeId}>verification code</Label>
        <OtpInput id={codeId} length={4} value={code} onChange={setCode} autoFocus />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => void send()} disabled={sending || verifying} aria-busy={sending || undefined}>
          {sending ? "Resending..." : "Resend Code"}
        </Button>
        <SubmitButton pending={verifying} disabled={sending} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CodeInput } from "@/components/auth/code-input";
import { VERIFICATION_CODE_MESSAGE } from "@/lib/validation/auth";

// Spec 3 section 4 "Sign-up": the phone verification dialog after step 2. The first code was sent
// by the form (so a refused sign-up never opens the dialog); here the owner types it, or asks for
// another. The account is created by `onVerify` with the code.

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The number the code went to, as the server normalised it. */
  phone: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
};

export function SignupVerificationDialog({ open, onOpenChange, phone, onVerify, onResend }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const busy = verifying || resending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(code)) {
      setError(VERIFICATION_CODE_MESSAGE);
      return;
    }
    setError(undefined);
    setVerifying(true);
    try {
      await onVerify(code);
    } catch {
      setCode(""); // the caller has shown why
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      setCode("");
    } catch {
      // the caller has shown why
    } finally {
      setResending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>verify your phone number</DialogTitle>
          <DialogDescription>
            We texted a 4-digit code to <span className="font-medium text-foreground">{phone}</span>. Enter it to create your account. The code
            expires in 10 minutes.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <CodeInput value={code} onChange={setCode} disabled={verifying} error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => void resend()} disabled={busy} aria-busy={resending || undefined}>
              {resending ? "Resending..." : "Resend code"}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={verifying || undefined}>
              {verifying ? "Creating account..." : "Verify and create account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

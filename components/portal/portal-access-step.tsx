"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { FormField } from "@/components/forms/form-field";
import { useCheckedField } from "@/components/forms/use-checked-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { portalEmail } from "@/lib/validation/portal";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { OtpInput } from "@/components/ui/otp-input";
import { SubmitButton } from "@/components/forms/submit-button";

// Proving control of an email before any personal data is shown (docs/decisions.md): the
// customer enters the address, we email a 6-digit code (the answer is the same for any address),
// the customer types it in. A browser that already proved the address is let straight through.

export type PortalAccessStepProps = {
  title: string;
  description: ReactNode;
  submitLabel: string;
  initialEmail?: string;
  /** Called once the address is proven (a portal session exists). */
  onVerified: (result: VerifyAccessResponse & { email: string }) => void;
};

const verifyAccess = (body: { email: string; code?: string }) => apiJson<VerifyAccessResponse>("POST", "/api/customer/verify-access", body);

export function PortalAccessStep({ title, description, submitLabel, initialEmail = "", onVerified }: PortalAccessStepProps) {
  const codeId = useId();
  const emailField = useCheckedField(portalEmail, initialEmail);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);

  const run = async (body: { email: string; code?: string }) => {
    setPending(true);
    try {
      const result = await verifyAccess(body);
      if (result.verified) {
        onVerified({ ...result, email: result.email ?? body.email });
        return;
      }
      setSent({ email: body.email, message: result.message });
      setCode("");
      toast({ title: "Check your email", description: result.message });
    } catch (error) {
      if (body.code) setCode("");
      toast({ variant: "destructive", title: "Access Denied", description: serverMessage(error, "Please check your email address") });
    } finally {
      setPending(false);
    }
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField.check();
    if (parsed) void run({ email: parsed.data });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (sent && /^\d{6}$/.test(code)) void run({ email: sent.email, code });
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent === null ? (
          <form noValidate onSubmit={submitEmail} className="grid gap-4">
            <FormField label="Email address" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" disabled={pending} {...emailField.field} />
            <SubmitButton className="w-full" pending={pending} disabled={emailField.value.trim() === ""} pendingLabel="Checking...">
              {submitLabel}
            </SubmitButton>
          </form>
        ) : (
          <form noValidate onSubmit={submitCode} className="grid gap-4">
            <div className="flex gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
              <MailCheck className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
              <p className="min-w-0 [overflow-wrap:anywhere]">{sent.message}</p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={codeId}>6-digit code</Label>
              <OtpInput id={codeId} length={6} value={code} onChange={setCode} autoFocus disabled={pending} />
            </div>
            <SubmitButton className="w-full" pending={pending} disabled={code.length !== 6} pendingLabel="Verifying...">
              Verify Code
            </SubmitButton>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button type="button" variant="link" className="h-auto p-0" disabled={pending} onClick={() => void run({ email: sent.email })}>
                Resend code
              </Button>
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                disabled={pending}
                onClick={() => {
                  setSent(null);
                  setCode("");
                }}
              >
                Use a different email
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

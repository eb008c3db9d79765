"use client";

import { useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { FormFooter } from "@/components/forms/form-dialog";
import { useCheckedField } from "@/components/forms/use-checked-field";
import { CodeInput } from "@/components/auth/code-input";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorStatus, serverMessage } from "@/lib/client/api";
import { forgotPasswordSchema, resetPasswordFormSchema } from "@/lib/validation/auth";

// Spec 3 sections 4, 5, 7 and 8, "Password reset (business)": enter the phone; the server either
// asks to choose among several accounts or texts a code and returns a token; then the code and
// the new password; then back to the sign-in tab.

type Account = { id: number; name: string; email: string };
type ForgotAnswer = { requiresSelection: true; accounts: Account[] } | { requiresSelection?: undefined; token: string; businessName: string; message?: string };
type Step = { kind: "phone" } | { kind: "choose"; accounts: Account[] } | { kind: "reset"; token: string; businessName: string; businessId?: number };
type ResetValues = z.input<typeof resetPasswordFormSchema>;

const NOT_FOUND = "No account found with this phone number.";

export function ForgotPasswordDialog({ open, onOpenChange, onReset }: { open: boolean; onOpenChange: (open: boolean) => void; onReset?: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && (
          <ForgotPasswordSteps
            onDone={() => {
              onOpenChange(false);
              onReset?.();
            }}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordSteps({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "phone" });
  const phoneField = useCheckedField(forgotPasswordSchema.shape.phone);
  const phone = phoneField.value;

  const request = useMutation({
    mutationFn: (body: { phone: string; businessId?: number }) => apiJson<ForgotAnswer>("POST", "/api/auth/forgot-password", body),
    onSuccess: (answer, body) => {
      if (answer.requiresSelection) {
        setStep({ kind: "choose", accounts: answer.accounts });
        return;
      }
      setStep({ kind: "reset", token: answer.token, businessName: answer.businessName, businessId: body.businessId });
      toast({ title: "Verification code sent", description: answer.message });
    },
    onError: (error) =>
      errorStatus(error) === 404
        ? toast({ variant: "destructive", title: "Phone number not found", description: serverMessage(error, NOT_FOUND) })
        : toast({ variant: "destructive", title: "Error", description: serverMessage(error, "Failed to send verification code") }),
  });

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (phoneField.check()) request.mutate({ phone });
  };

  if (step.kind === "phone") {
    return (
      <>
        <DialogHeader>
          <DialogTitle>reset your password</DialogTitle>
          <DialogDescription>Enter the phone number on your account. We will text you a 4-digit code.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submitPhone}>
          <FormField label="Phone number" type="tel" autoComplete="tel" placeholder="07700 900123" disabled={request.isPending} {...phoneField.field} />
          <FormFooter onCancel={onCancel} pending={request.isPending} cancelLabel="Cancel" submitLabel="Send code" pendingLabel="Sending..." />
        </form>
      </>
    );
  }

  if (step.kind === "choose") {
    return (
      <>
        <DialogHeader>
          <DialogTitle>choose your account</DialogTitle>
          <DialogDescription>More than one account uses this phone number. Which one do you want to reset?</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2" aria-label="Accounts">
          {step.accounts.map((account) => (
            <li key={account.id}>
              <button
                type="button"
                disabled={request.isPending}
                onClick={() => request.mutate({ phone, businessId: account.id })}
                className="flex w-full items-center gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-muted disabled:opacity-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{account.name}</span>
                  <span className="block truncate text-sm text-muted-foreground">{account.email}</span>
                </span>
                <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setStep({ kind: "phone" })} disabled={request.isPending}>
            Back
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <ResetStep
      key={step.token}
      businessName={step.businessName}
      token={step.token}
      resending={request.isPending}
      onResend={() => request.mutate({ phone, businessId: step.businessId })}
      onDone={onDone}
    />
  );
}

function ResetStep({ businessName, token, resending, onResend, onDone }: { businessName: string; token: string; resending: boolean; onResend: () => void; onDone: () => void }) {
  const form = useForm<ResetValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { code: "", newPassword: "", confirmPassword: "" } });
  const reset = useMutation({
    mutationFn: (values: ResetValues) => apiJson<{ message: string }>("POST", "/api/auth/reset-password", { ...values, token }),
    onSuccess: () => {
      toast({ title: "password updated successfully" });
      onDone();
    },
    onError: (error) => {
      form.setValue("code", "");
      toast({ variant: "destructive", title: "password reset failed", description: serverMessage(error, "invalid verification code or expired token.") });
    },
  });
  const { errors } = form.formState;
  const code = useWatch({ control: form.control, name: "code" }) ?? "";
  const busy = reset.isPending || resending;

  return (
    <>
      <DialogHeader>
        <DialogTitle>choose a new password</DialogTitle>
        <DialogDescription>
          Enter the 4-digit code we texted for <span className="font-medium text-foreground">{businessName}</span>, then your new password.
        </DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        <CodeInput value={code} onChange={(v) => form.setValue("code", v, { shouldValidate: form.formState.isSubmitted })} error={errors.code?.message} disabled={reset.isPending} />
        <PasswordField label="New password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register("newPassword")} />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onResend} disabled={busy} aria-busy={resending || undefined}>
            {resending ? "Resending..." : "Resend code"}
          </Button>
          <Button type="submit" disabled={busy || code.length !== 4} aria-busy={reset.isPending || undefined}>
            {reset.isPending ? "Resetting..." : "Reset password"}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

"use client";

import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { AddressAutocompleteInput } from "@/components/forms/address-autocomplete-input";
import { toast } from "@/hooks/use-toast";
import { apiJson, apiRequest, serverMessage } from "@/lib/client/api";
import { signupStep1Schema, signupStep2FormSchema } from "@/lib/validation/auth";
import { PRODUCT_NAME } from "@/lib/product";
import { SignupVerificationDialog } from "@/components/auth/signup-verification-dialog";

type Step1 = z.input<typeof signupStep1Schema>;
type Step2 = z.input<typeof signupStep2FormSchema>;
type CodeSent = { message?: string; phone: string };

type Props = { defaultEmail?: string; referralCode?: string; accessCode?: string; onSignedUp: () => void };

/** Sign-up in two steps (spec 3): business information, then password and terms, then the phone
 *  verification dialog: the account is created only once the texted code is entered. */
export function SignUpForm({ defaultEmail, referralCode, accessCode, onSignedUp }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [details, setDetails] = useState<Step1 | null>(null);
  // Step 2's values and the number the code went to, while the verification dialog is open.
  const [pending, setPending] = useState<{ values: Step2; phone: string } | null>(null);
  // Set once the account exists, while the browser moves to the dashboard.
  const [created, setCreated] = useState(false);

  const step1 = useForm<Step1>({
    resolver: zodResolver(signupStep1Schema),
    defaultValues: { businessName: "", ownerFirstName: "", ownerLastName: "", email: defaultEmail ?? "", phone: "", businessAddress: "" },
  });
  const step2 = useForm<Step2>({
    resolver: zodResolver(signupStep2FormSchema),
    defaultValues: { password: "", confirmPassword: "", acceptTerms: false as unknown as true, emailMarketing: false, smsMarketing: false },
  });

  const sendCode = useMutation({
    mutationFn: (input: { phone: string; email: string }) => apiJson<CodeSent>("POST", "/api/auth/signup/send-code", { ...input, accessCode }),
    onSuccess: (sent) => toast({ title: "Verification code sent", description: sent.message }),
    onError: (error) => toast({ variant: "destructive", title: "Signup failed", description: serverMessage(error, "Failed to send verification code") }),
  });

  const startVerification = async (values: Step2) => {
    if (!details) return;
    try {
      const sent = await sendCode.mutateAsync({ phone: details.phone, email: details.email });
      setPending({ values, phone: sent.phone });
    } catch {
      // shown by the mutation's toast; the owner stays on step 2
    }
  };

  const createAccount = async (verificationCode: string) => {
    if (!details || !pending) return;
    try {
      await apiRequest("POST", "/api/auth/signup", { ...details, ...pending.values, accessCode, referralCode, verificationCode });
    } catch (error) {
      toast({ variant: "destructive", title: "Signup failed", description: serverMessage(error, "Failed to create account") });
      throw error;
    }
    setCreated(true);
    toast({ title: `Welcome to ${PRODUCT_NAME}!` });
    onSignedUp();
  };

  const resendCode = async () => {
    if (!details) return;
    await sendCode.mutateAsync({ phone: details.phone, email: details.email });
  };

  if (step === 1) {
    const e = step1.formState.errors;
    return (
      <form
        noValidate
        className="grid gap-4"
        onSubmit={step1.handleSubmit((values) => {
          setDetails(values);
          setStep(2);
        })}
      >
        <p className="text-sm text-muted-foreground">Step 1 of 2: your business</p>
        <FormField label="Business name" autoComplete="organization" error={e.businessName?.message} {...step1.register("businessName")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" autoComplete="given-name" error={e.ownerFirstName?.message} {...step1.register("ownerFirstName")} />
          <FormField label="Last name" autoComplete="family-name" error={e.ownerLastName?.message} {...step1.register("ownerLastName")} />
        </div>
        <FormField label="Email" type="email" autoComplete="email" error={e.email?.message} {...step1.register("email")} />
        <FormField label="Phone" type="tel" autoComplete="tel" placeholder="07700 900123" error={e.phone?.message} {...step1.register("phone")} />
        <AddressAutocompleteInput label="Business address" error={e.businessAddress?.message} {...step1.register("businessAddress")} />
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    );
  }

  const e = step2.formState.errors;
  return (
    <>
      <form noValidate className="grid gap-4" onSubmit={step2.handleSubmit(startVerification)}>
        <p className="text-sm text-muted-foreground">Step 2 of 2: password and terms</p>
        <PasswordField label="Password" autoComplete="new-password" error={e.password?.message} {...step2.register("password")} />
        <PasswordField label="Confirm password" autoComplete="new-password" error={e.confirmPassword?.message} {...step2.register("confirmPassword")} />
        <CheckboxField form={step2} name="acceptTerms" label="I accept the terms and conditions" error={e.acceptTerms?.message} />
        <CheckboxField form={step2} name="emailMarketing" label="Email me product news and tips (optional)" />
        <CheckboxField form={step2} name="smsMarketing" label="Text me product news and tips (optional)" />
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => setStep(1)} className="flex-1" disabled={created}>
            Back
          </Button>
          <Button type="submit" disabled={sendCode.isPending || created} aria-busy={sendCode.isPending || created || undefined} className="flex-1">
            {sendCode.isPending ? "Sending code..." : created ? "Creating account..." : "Create account"}
          </Button>
        </div>
      </form>
      <SignupVerificationDialog
        open={pending !== null && !created}
        onOpenChange={(open) => !open && setPending(null)}
        phone={pending?.phone ?? ""}
        onVerify={createAccount}
        onResend={resendCode}
      />
    </>
  );
}

function CheckboxField({
  form,
  name,
  label,
  error,
}: {
  form: ReturnType<typeof useForm<Step2>>;
  name: "acceptTerms" | "emailMarketing" | "smsMarketing";
  label: string;
  error?: string;
}) {
  const id = `signup-${name}`;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Checkbox id={id} checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} aria-invalid={error ? true : undefined} />
          )}
        />
        <Label htmlFor={id} className="text-sm font-normal leading-snug">
          {label}
        </Label>
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

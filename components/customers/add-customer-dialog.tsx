"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorField, errorMessage } from "@/lib/client/api";
import { customerDetailsSchema, verificationCode } from "@/lib/validation/customers";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { STARTER_LIMIT_MESSAGE } from "@/lib/rules/plans";
import type { MarketingChoice } from "@/components/customers/customer-legal-text";
import { AddCustomerSuccessDialog } from "@/components/customers/add-customer-success-dialog";
import {
  DetailsStep,
  LegalStep,
  MarketingStep,
  SmsStep,
  type DetailsInput,
  type DetailsOutput,
} from "@/components/customers/add-customer-steps";
import {
  invalidateAfterCustomerCreated,
  isAddBlocked,
  limitMessageFor,
  useCurrentUser,
  useSubscriptionUsage,
} from "@/components/customers/customer-queries";

// Spec 1 sections 2, 4, 7 and 8: details -> marketing -> legal confirmation -> SMS verification,
// then the success dialog. Closing at any point resets everything.

export type AddCustomerStep = "details" | "marketing" | "legal" | "sms";

/** Spec 1 section 5, word for word (the server sends the same text for starter). */
export const CUSTOMER_LIMIT_MESSAGE = STARTER_LIMIT_MESSAGE;

type CustomerData = Record<string, unknown>;
type SendResponse = { phone: string; customerData: CustomerData; message?: string };
type CreatedResponse = { customer?: CustomerDto; name?: string; phone?: string; message?: string };

const EMPTY_DETAILS: DetailsInput = { name: "", email: "", phone: "", dateOfBirth: "", referralCode: "" };
const NO_MARKETING: MarketingChoice = { email: false, sms: false };

function withoutUndefined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The server refuses a new customer on a full plan with code customer_limit_reached. */
function isLimitError(error: unknown): boolean {
  const raw = error instanceof Error ? error.message : "";
  return raw.includes("customer_limit_reached") || /customer limit/i.test(errorMessage(error));
}

function limitToast(description = CUSTOMER_LIMIT_MESSAGE) {
  toast({ variant: "destructive", title: "Customer limit reached", description });
}

/** `referralCode` prefills the friend's code (the hub's ?ref=, from the /r/CODE link). */
export function AddCustomerDialog({ open, onOpenChange, referralCode }: { open: boolean; onOpenChange: (open: boolean) => void; referralCode?: string }) {
  const queryClient = useQueryClient();
  // Spec: opening the dialog loads the signed-in user (business name) and usage. (The spec's
  // customer list was read and never used: duplicates are the server's check, issue 23.)
  const user = useCurrentUser({ enabled: open });
  const usage = useSubscriptionUsage({ enabled: open });

  const form = useForm<DetailsInput, unknown, DetailsOutput>({ resolver: zodResolver(customerDetailsSchema), defaultValues: { ...EMPTY_DETAILS, referralCode: referralCode ?? "" } });
  const [step, setStep] = useState<AddCustomerStep>("details");
  const [details, setDetails] = useState<DetailsOutput | null>(null);
  const [choice, setChoice] = useState<MarketingChoice>(NO_MARKETING);
  const [legalConfirmed, setLegalConfirmed] = useState(false);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState<SendResponse | null>(null);
  const [created, setCreated] = useState<{ name: string; key: number } | null>(null);
  // Bumped by every reset: answers to requests sent before a reset are ignored.
  const generation = useRef(0);
  useEffect(() => {
    if (open && referralCode && !form.getValues("referralCode")) form.setValue("referralCode", referralCode);
  }, [open, referralCode, form]);

  const send = useMutation({ mutationFn: (body: CustomerData) => apiJson<SendResponse>("POST", "/api/customers/send-verification", body) });
  const verify = useMutation({ mutationFn: (body: CustomerData) => apiJson<CreatedResponse>("POST", "/api/customers/verify-and-create", body) });
  const resend = useMutation({ mutationFn: (body: CustomerData) => apiJson<unknown>("POST", "/api/customers/resend-verification", body) });

  const reset = () => {
    generation.current += 1;
    form.reset(EMPTY_DETAILS);
    setStep("details");
    setDetails(null);
    setChoice(NO_MARKETING);
    setLegalConfirmed(false);
    setCode("");
    setPending(null);
    send.reset();
    verify.reset();
    resend.reset();
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onDetails = (values: DetailsOutput) => {
    if (isAddBlocked(usage.data)) return limitToast(limitMessageFor(usage.data));
    setDetails(values);
    setStep("marketing");
  };

  const onSend = () => {
    if (!details || !legalConfirmed) return;
    if (isAddBlocked(usage.data)) return limitToast(limitMessageFor(usage.data));
    const gen = generation.current;
    const body = withoutUndefined({
      name: details.name,
      email: details.email,
      phone: details.phone,
      dateOfBirth: details.dateOfBirth ?? undefined,
      autoGenerateCard: true,
      sendWelcomeEmail: true,
      marketingConsentPhone: false,
      marketingConsentEmail: choice.email,
      marketingConsentSms: choice.sms,
      referralCode: details.referralCode ?? undefined,
    });
    send.mutate(body, {
      onSuccess: (res) => {
        if (gen !== generation.current) return;
        setPending(res);
        setCode("");
        setStep("sms");
        toast({ title: "Verification code sent", description: `A 4-digit code has been sent to ${res.phone}` });
      },
      onError: (error) => {
        if (gen !== generation.current) return;
        if (isLimitError(error)) return limitToast(errorMessage(error));
        if (showReferralError(error)) return;
        toast({ variant: "destructive", title: "Error sending verification code", description: errorMessage(error) });
      },
    });
  };

  /** The server refused the referral code (unknown, the customer's own, used before, limit, switched
   *  off): back to the details with the message next to the field; a new text is needed after. */
  const showReferralError = (error: unknown): boolean => {
    if (errorField(error) !== "referralCode") return false;
    generation.current += 1;
    setCode("");
    setPending(null);
    setLegalConfirmed(false);
    setStep("details");
    form.setError("referralCode", { message: errorMessage(error) });
    return true;
  };

  const onUpdateNumber = () => {
    generation.current += 1; // a resend still in flight must not reopen this step
    setCode("");
    setPending(null);
    setLegalConfirmed(false);
    resend.reset();
    setStep("details");
  };

  const onVerify = () => {
    if (!pending) {
      toast({ variant: "destructive", title: "No pending customer data" });
      return;
    }
    const gen = generation.current;
    verify.mutate(
      { ...pending.customerData, verificationCode: code, sendWelcomeEmail: true, autoGenerateCard: true },
      {
        onSuccess: (res) => {
          if (gen !== generation.current) return;
          void invalidateAfterCustomerCreated(queryClient);
          const name = res?.name ?? res?.customer?.name ?? details?.name ?? "";
          handleOpenChange(false);
          setCreated({ name, key: Date.now() });
        },
        onError: (error) => {
          if (gen !== generation.current) return;
          if (isLimitError(error)) return limitToast(errorMessage(error));
          if (showReferralError(error)) return;
          toast({ variant: "destructive", title: "Verification failed", description: errorMessage(error) });
        },
      },
    );
  };

  const onResend = () => {
    if (!pending) {
      toast({ variant: "destructive", title: "No customer data found for resending code" });
      return;
    }
    const gen = generation.current;
    resend.mutate(pending.customerData, {
      onSuccess: () => {
        if (gen !== generation.current) return;
        toast({ title: "Code resent", description: "A new verification code has been sent" });
      },
      onError: (error) => {
        if (gen !== generation.current) return;
        if (showReferralError(error)) return;
        toast({ variant: "destructive", title: "Error", description: errorMessage(error, "Failed to create customer. Please try again.") });
      },
    });
  };

  const closeSuccess = useCallback(() => setCreated(null), []);
  const canVerify = verificationCode.safeParse(code).success && !verify.isPending && !resend.isPending;

  return (
    <>
      <Dialog open={open} onOpenChange={handleOpenChange}>
        <DialogContent data-testid="add-customer-dialog" data-step={step}>
          {step === "details" && <DetailsStep form={form} onNext={onDetails} />}
          {step === "marketing" && <MarketingStep choice={choice} onChange={setChoice} onBack={() => setStep("details")} onNext={() => setStep("legal")} />}
          {step === "legal" && details && (
            <LegalStep
              details={details}
              choice={choice}
              businessName={user.data?.businessName || "this business"}
              confirmed={legalConfirmed}
              onConfirmedChange={setLegalConfirmed}
              pending={send.isPending}
              onBack={() => setStep("marketing")}
              onSend={onSend}
            />
          )}
          {step === "sms" && (
            <SmsStep
              phone={pending?.phone ?? details?.phone ?? ""}
              code={code}
              onCodeChange={setCode}
              canVerify={canVerify}
              verifying={verify.isPending}
              resending={resend.isPending}
              onUpdateNumber={onUpdateNumber}
              onVerify={onVerify}
              onResend={onResend}
            />
          )}
        </DialogContent>
      </Dialog>
      {created && <AddCustomerSuccessDialog key={created.key} name={created.name} onClose={closeSuccess} />}
    </>
  );
}

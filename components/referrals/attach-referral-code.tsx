"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { claimReferralSchema, optionalReferralCode } from "@/lib/validation/referrals";
import { SubmitButton } from "@/components/forms/submit-button";

// Issue 26, at the till: a customer added without their friend's referral code gets it attached
// later, before their first purchase (POST /api/referrals/claim; the server refuses a customer who
// has already bought, and every other abuse). Behind a small link, like the add dialog's field.

type Claimed = { message: string; referral: { referrerName: string } };

export function AttachReferralCode({ customerId }: { customerId: number }) {
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [referrer, setReferrer] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: (body: { customerId: number; code: string }) => apiJson<Claimed>("POST", "/api/referrals/claim", body),
    onSuccess: (res) => {
      setReferrer(res.referral.referrerName);
      toast({ title: "Referral recorded", description: res.message });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (referrer) return <p className="text-sm text-muted-foreground">joined with {referrer}&apos;s referral code: both earn the bonus at the first purchase.</p>;
  if (!open) {
    return (
      <Button type="button" variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => setOpen(true)}>
        joined with a friend&apos;s referral code?
      </Button>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = claimReferralSchema.safeParse({ customerId, code });
    const format = optionalReferralCode.safeParse(code);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Referral code is required");
    if (!format.success || !format.data) return setProblem(format.success ? "Referral code is required" : format.error.issues[0].message);
    setProblem(null);
    claim.mutate({ customerId, code: format.data });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2 rounded-lg border p-3">
      <Label htmlFor={inputId}>friend&apos;s referral code</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD2345"
          className="font-mono uppercase sm:max-w-48"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <SubmitButton pending={claim.isPending} pendingLabel="recording...">
          record referral
        </SubmitButton>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <p className="text-xs text-muted-foreground">only before the customer&apos;s first purchase; both earn the bonus at that purchase.</p>
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { ACCESS_CODE_MESSAGE } from "@/lib/validation/auth";
import { SubmitButton } from "@/components/forms/submit-button";

/** Spec 3 section 2: with PIN protection on, an access-code gate comes before step 1 of sign-up.
 *  The code is checked by the server (rate-limited) and sent again with the sign-up. */
export function AccessCodeGate({ onVerified }: { onVerified: (accessCode: string) => void }) {
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const verify = useMutation({
    mutationFn: (accessCode: string) => apiJson<{ valid: boolean }>("POST", "/api/auth/verify-access-code", { accessCode }),
    onSuccess: (_result, accessCode) => onVerified(accessCode),
    onError: (error) => {
      setInvalid(true);
      toast({ variant: "destructive", title: serverMessage(error, ACCESS_CODE_MESSAGE) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setInvalid(true);
      toast({ variant: "destructive", title: ACCESS_CODE_MESSAGE });
      return;
    }
    verify.mutate(value);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
        <KeyRound className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
        <p>Sign-ups are by invitation while we are in beta. Enter the access code you were given to continue.</p>
      </div>
      <FormField
        label="Access code"
        autoComplete="off"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setInvalid(false);
        }}
        aria-invalid={invalid || undefined}
        disabled={verify.isPending}
      />
      <SubmitButton className="w-full" pending={verify.isPending} pendingLabel="Checking...">
        Verify access code
      </SubmitButton>
    </form>
  );
}

"use client";

import { useEffect, useRef, useState } from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorStatus, serverMessage } from "@/lib/client/api";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

type Confirmed = { message: string; alreadyConfirmed?: boolean; customer: { name: string; membershipNumber: string } };

export const INVALID_LINK = "Invalid confirmation link";

/** The confirmation's failure text (spec 3 section 8): the server's message or 'Failed to confirm
 *  membership'; a request that never got an answer gives 'An error occurred while confirming your membership'. */
export function confirmationError(error: unknown): string {
  if (errorStatus(error) === null) return "An error occurred while confirming your membership";
  return serverMessage(error, "Failed to confirm membership");
}

/** /confirm-membership/{token}: loading, then success or error (spec 3 sections 2 and 4). The call
 *  is made once (the link is single use): the ref survives React's second run of effects in
 *  development, so the second run does not ask again. */
export function ConfirmMembership({ token }: { token: string | null }) {
  const [result, setResult] = useState<{ data?: Confirmed; error?: unknown }>({});
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    apiJson<Confirmed>("GET", `/api/confirm-membership/${encodeURIComponent(token)}`).then(
      (data) => setResult({ data }),
      (error: unknown) => setResult({ error }),
    );
  }, [token]);
  const error = !token ? INVALID_LINK : result.error !== undefined ? confirmationError(result.error) : null;

  const toasted = useRef(false);
  useEffect(() => {
    if (!error || toasted.current) return;
    toasted.current = true;
    toast({ variant: "destructive", title: error === INVALID_LINK ? INVALID_LINK : "Confirmation failed", description: error === INVALID_LINK ? undefined : error });
  }, [error]);

  return (
    <Card className="mx-auto w-full max-w-md text-center">
      {error ? (
        <>
          <CardHeader>
            <XCircle className="mx-auto h-12 w-12 text-destructive" aria-hidden />
            <CardTitle className="text-xl">confirmation failed</CardTitle>
            <CardDescription role="alert">{error}</CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">Please contact the business that invited you if you need help with your membership.</CardContent>
        </>
      ) : result.data ? (
        <>
          <CardHeader>
            <CheckCircle2 className="mx-auto h-12 w-12 text-success" aria-hidden />
            <CardTitle className="text-xl">{result.data.alreadyConfirmed ? "already confirmed" : "membership confirmed"}</CardTitle>
            <CardDescription>{result.data.message}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="text-lg font-semibold">{result.data.customer.name}</p>
            <p>
              Membership number <span className="font-mono font-semibold tracking-wider">{formatMembershipNumber(result.data.customer.membershipNumber)}</span>
            </p>
            {!result.data.alreadyConfirmed && <p className="text-muted-foreground">A welcome email with your loyalty card follows: look out for it in your inbox.</p>}
          </CardContent>
        </>
      ) : (
        <CardContent className="grid justify-items-center gap-3 py-6" aria-busy="true">
          <Spinner label="Confirming your membership..." showLabel iconClassName="size-8" />
        </CardContent>
      )}
    </Card>
  );
}

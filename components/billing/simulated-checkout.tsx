"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FlaskConical } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { formatGBP } from "@/lib/rules/format";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import { useRefreshBilling } from "@/components/billing/billing-queries";

// The simulated Stripe Checkout (no Stripe keys): pay or fail; the server applies the same state
// change as the checkout.session.completed webhook.

type Result = { ok: boolean; message: string; redirectUrl: string };

export function SimulatedCheckout({ token, purpose }: { token: string; purpose: string }) {
  const router = useRouter();
  const refresh = useRefreshBilling();
  const [declined, setDeclined] = useState<string | null>(null);
  const price = formatGBP(MAX_PLAN_PRICE_PENCE);
  const pay = useMutation({
    mutationFn: (outcome: "paid" | "failed") => apiJson<Result>("POST", "/api/billing/simulated/complete", { token, outcome }),
    onSuccess: async (result) => {
      if (!result.ok) {
        setDeclined(result.message);
        return;
      }
      await refresh();
      toast({ title: "Payment successful", description: result.message });
      router.push(result.redirectUrl);
    },
    onError: (error) => toast({ variant: "destructive", title: "Payment failed", description: serverMessage(error, "Failed to complete the payment") }),
  });

  return (
    <div className="mx-auto max-w-md space-y-4">
      <Alert variant="warning">
        <FlaskConical aria-hidden />
        <AlertTitle>simulated checkout</AlertTitle>
        <AlertDescription>Stripe is not configured, so no real payment is taken.</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>{purpose === "reactivate" ? "reactivate a parked customer" : "max plan"}</CardTitle>
          <CardDescription>{purpose === "reactivate" ? `${price}, one payment` : `${price} a month, including a £2 charity donation`}</CardDescription>
        </CardHeader>
        <CardContent>
          {declined && (
            <p role="alert" className="text-sm text-destructive">
              {declined}
            </p>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => pay.mutate("paid")} disabled={pay.isPending} aria-busy={pay.isPending || undefined}>
            {pay.isPending ? "processing..." : `Pay ${price}`}
          </Button>
          <Button type="button" variant="outline" onClick={() => pay.mutate("failed")} disabled={pay.isPending}>
            Fail payment
          </Button>
          <Button type="button" variant="ghost" onClick={() => router.push(purpose === "reactivate" ? "/customers" : "/account")} disabled={pay.isPending}>
            cancel
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}

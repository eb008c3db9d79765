"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { CardContent, CardFooter } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { useRefreshBilling } from "@/components/billing/billing-queries";

// The simulated checkout's decline message and buttons (components/billing/simulated-checkout.tsx
// draws the rest). price: the formatted amount, from the server.

type Result = { ok: boolean; message: string; redirectUrl: string };

export function SimulatedCheckoutActions({ token, price, cancelTo }: { token: string; price: string; cancelTo: string }) {
  const router = useRouter();
  const refresh = useRefreshBilling();
  const [declined, setDeclined] = useState<string | null>(null);
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
    <>
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
        <Button type="button" variant="ghost" onClick={() => router.push(cancelTo)} disabled={pay.isPending}>
          cancel
        </Button>
      </CardFooter>
    </>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FlaskConical } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { useRefreshBilling } from "@/components/billing/billing-queries";

// The simulated Stripe billing portal (no Stripe keys): update the payment method (clears a failed
// payment), cancel the subscription, or simulate a failed renewal for the demo.

type Action = "update_payment" | "cancel_subscription" | "fail_renewal";

export function SimulatedPortal({ token }: { token: string }) {
  const router = useRouter();
  const refresh = useRefreshBilling();
  const act = useMutation({
    mutationFn: (action: Action) => apiJson<{ message: string }>("POST", "/api/billing/simulated/portal", { token, action }),
    onSuccess: async (result) => {
      await refresh();
      toast({ title: "Billing updated", description: result.message });
    },
    onError: (error) => toast({ variant: "destructive", title: "Billing update failed", description: serverMessage(error, "Failed to update billing") }),
  });
  const button = (action: Action, label: string, variant: "default" | "outline" | "destructive" = "outline") => (
    <Button type="button" variant={variant} onClick={() => act.mutate(action)} disabled={act.isPending} aria-busy={(act.isPending && act.variables === action) || undefined}>
      {act.isPending && act.variables === action ? "working..." : label}
    </Button>
  );

  return (
    <div className="mx-auto max-w-md space-y-4">
      <Alert variant="warning">
        <FlaskConical aria-hidden />
        <AlertTitle>simulated billing portal</AlertTitle>
        <AlertDescription>Stripe is not configured: these buttons act like the real portal would.</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>manage billing</CardTitle>
          <CardDescription>your payment method and subscription.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {button("update_payment", "update payment method", "default")}
          {button("cancel_subscription", "cancel subscription", "destructive")}
          {button("fail_renewal", "simulate a failed renewal")}
          <Button type="button" variant="ghost" onClick={() => router.push("/account")}>
            back to your account
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

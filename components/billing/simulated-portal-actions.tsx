"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { useRefreshBilling } from "@/components/billing/billing-queries";

// The simulated billing portal's buttons (components/billing/simulated-portal.tsx draws the rest).

type Action = "update_payment" | "cancel_subscription" | "fail_renewal";

export function SimulatedPortalActions({ token }: { token: string }) {
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
    <>
      {button("update_payment", "update payment method", "default")}
      {button("cancel_subscription", "cancel subscription", "destructive")}
      {button("fail_renewal", "simulate a failed renewal")}
      <Button type="button" variant="ghost" onClick={() => router.push("/account")}>
        back to your account
      </Button>
    </>
  );
}

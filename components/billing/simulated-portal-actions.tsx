"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { loadRefreshBilling } from "@/components/billing/load-refresh-billing";

// The simulated billing portal's buttons (components/billing/simulated-portal.tsx draws the rest).
// Their look is worked out on the server (buttonVariants) and the POST is a plain fetch, so the
// page's first load carries no class merging and no react-query (issue 23).

type Action = "update_payment" | "cancel_subscription" | "fail_renewal";
export type PortalButtonClasses = Record<Action | "back", string>;

const BUTTONS: { action: Action; label: string; variant: string }[] = [
  { action: "update_payment", label: "update payment method", variant: "default" },
  { action: "cancel_subscription", label: "cancel subscription", variant: "destructive" },
  { action: "fail_renewal", label: "simulate a failed renewal", variant: "outline" },
];

export function SimulatedPortalActions({ token, buttonClass }: { token: string; buttonClass: PortalButtonClasses }) {
  const router = useRouter();
  const [working, setWorking] = useState<Action | null>(null);

  const act = async (action: Action) => {
    setWorking(action);
    const refresh = loadRefreshBilling();
    try {
      const result = await apiJson<{ message: string }>("POST", "/api/billing/simulated/portal", { token, action });
      await refresh();
      toast({ title: "Billing updated", description: result.message });
    } catch (error) {
      toast({ variant: "destructive", title: "Billing update failed", description: serverMessage(error, "Failed to update billing") });
    } finally {
      setWorking(null);
    }
  };

  return (
    <>
      {BUTTONS.map(({ action, label, variant }) => (
        <button
          key={action}
          type="button"
          data-slot="button"
          data-variant={variant}
          className={buttonClass[action]}
          onClick={() => void act(action)}
          disabled={working !== null}
          aria-busy={working === action || undefined}
        >
          {working === action ? "working..." : label}
        </button>
      ))}
      <button type="button" data-slot="button" data-variant="ghost" className={buttonClass.back} onClick={() => router.push("/account")}>
        back to your account
      </button>
    </>
  );
}

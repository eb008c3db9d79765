"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { loadRefreshBilling } from "@/components/billing/load-refresh-billing";

// The simulated checkout's islands (components/billing/simulated-checkout.tsx draws the rest, the
// card's parts included): the payment state around them, the decline message and the buttons. The
// buttons' look is worked out on the server (buttonVariants) and handed over, and the POST is a
// plain fetch, so the page's first load carries no class merging and no react-query (issue 23).

type Result = { ok: boolean; message: string; redirectUrl: string };
export type CheckoutButtonClasses = { pay: string; fail: string; cancel: string };
type Checkout = { pending: boolean; declined: string | null; pay: (outcome: "paid" | "failed") => void; cancel: () => void };

const CheckoutContext = createContext<Checkout | null>(null);
const useCheckout = () => {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error("the checkout's parts render inside SimulatedCheckoutActions");
  return checkout;
};

export function SimulatedCheckoutActions({ token, cancelTo, children }: { token: string; cancelTo: string; children: ReactNode }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);

  const pay = async (outcome: "paid" | "failed") => {
    setPending(true);
    const refresh = loadRefreshBilling();
    try {
      const result = await apiJson<Result>("POST", "/api/billing/simulated/complete", { token, outcome });
      if (!result.ok) {
        setDeclined(result.message);
        return;
      }
      await refresh();
      toast({ title: "Payment successful", description: result.message });
      router.push(result.redirectUrl);
    } catch (error) {
      toast({ variant: "destructive", title: "Payment failed", description: serverMessage(error, "Failed to complete the payment") });
    } finally {
      setPending(false);
    }
  };

  const checkout: Checkout = { pending, declined, pay: (outcome) => void pay(outcome), cancel: () => router.push(cancelTo) };
  return <CheckoutContext.Provider value={checkout}>{children}</CheckoutContext.Provider>;
}

export function CheckoutDecline() {
  const { declined } = useCheckout();
  return (
    declined && (
      <p role="alert" className="text-sm text-destructive">
        {declined}
      </p>
    )
  );
}

export function CheckoutButtons({ price, buttonClass }: { price: string; buttonClass: CheckoutButtonClasses }) {
  const { pending, pay, cancel } = useCheckout();
  return (
    <>
      <button type="button" data-slot="button" data-variant="default" className={buttonClass.pay} onClick={() => pay("paid")} disabled={pending} aria-busy={pending || undefined}>
        {pending ? "processing..." : `Pay ${price}`}
      </button>
      <button type="button" data-slot="button" data-variant="outline" className={buttonClass.fail} onClick={() => pay("failed")} disabled={pending}>
        Fail payment
      </button>
      <button type="button" data-slot="button" data-variant="ghost" className={buttonClass.cancel} onClick={cancel} disabled={pending}>
        cancel
      </button>
    </>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";

// The billing calls of spec 2/3 section 7. The billing issue builds the endpoints; these only call
// them: an upgrade sends the browser to redirectUrl (or shows the message), the portal to its url,
// and a portal failure is logged and lands on /account.

type UpgradeResult = { redirectUrl?: string; url?: string; message?: string } | null;

/** Full-page navigation to a URL from our own billing API (Stripe checkout or portal). */
export function goTo(url: string) {
  window.location.assign(url);
}

export function useUpgrade() {
  return useMutation({
    mutationFn: () => apiJson<UpgradeResult>("POST", "/api/billing/upgrade"),
    onSuccess: (result) => {
      const url = result?.redirectUrl ?? result?.url;
      if (url) goTo(url);
      else toast({ title: "Upgrade initiated", description: result?.message });
    },
    onError: (error) => toast({ variant: "destructive", title: "Error starting upgrade", description: serverMessage(error, "Failed to start upgrade") }),
  });
}

export function useBillingPortal() {
  const router = useRouter();
  return useMutation({
    mutationFn: () => apiJson<{ url?: string } | null>("POST", "/api/billing/portal", {}),
    onSuccess: (result) => {
      if (result?.url) goTo(result.url);
      else router.push("/account");
    },
    onError: (error) => {
      console.error("[billing] could not open the billing portal", error);
      router.push("/account");
    },
  });
}

"use client";

import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import type { VerifyAccessResponse } from "@/lib/portal/types";

/** Opens a signed link from one of our emails (?access=...): exchanges the token for a portal
 *  session once, and removes it from the address bar and history straight away. `pending` is true
 *  until the exchange has finished (so the page can wait before asking for an email). */
export function useAccessLink(onVerified: (result: VerifyAccessResponse & { email: string }) => void): { pending: boolean } {
  const token = useSearchParams().get("access");
  const [pending, setPending] = useState(token !== null);
  const started = useRef(false);
  const callback = useRef(onVerified);
  useEffect(() => {
    callback.current = onVerified;
  });

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    window.history.replaceState(null, "", window.location.pathname);
    const purpose = window.location.pathname.startsWith("/customer-preferences") ? "preferences" : "portal";
    apiJson<VerifyAccessResponse>("POST", "/api/customer/verify-access", { token, purpose })
      .then((result) => {
        if (result.verified && result.email) callback.current({ ...result, email: result.email });
      })
      .catch((error: unknown) => toast({ variant: "destructive", title: "Access Denied", description: serverMessage(error, "Please check your email address") }))
      .finally(() => setPending(false));
  }, [token]);

  return { pending };
}

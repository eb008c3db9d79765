"use client";

import { createContext, useContext, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { apiJson, errorMessage } from "@/lib/client/api";

// The Insights page's one control (issue 23: the page is drawn on the server, so its first load
// carries no react-query and no class merging; the button's look comes from the server). Refresh
// recomputes the snapshot (POST /api/insights/refresh, at most once per 5 minutes) and then renders
// the page's server parts again, which read that new snapshot; the button says "Refreshing..." until
// the new figures are on screen. The server's refusal (429) is shown under the heading.

type Refresh = { pending: boolean; error: string | null; run: () => void };
const RefreshContext = createContext<Refresh | null>(null);
const useRefresh = () => {
  const refresh = useContext(RefreshContext);
  if (!refresh) throw new Error("the insights' refresh parts render inside InsightsRefreshScope");
  return refresh;
};

export function InsightsRefreshScope({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [rendering, startRendering] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setSending(true);
    setError(null);
    try {
      await apiJson("POST", "/api/insights/refresh");
      startRendering(() => router.refresh());
    } catch (e) {
      setError(errorMessage(e, "Could not refresh the insights."));
    } finally {
      setSending(false);
    }
  };

  return <RefreshContext.Provider value={{ pending: sending || rendering, error, run: () => void run() }}>{children}</RefreshContext.Provider>;
}

export function InsightsRefreshButton({ className }: { className: string }) {
  const { pending, run } = useRefresh();
  return (
    <button type="button" data-slot="button" data-variant="outline" className={className} disabled={pending} onClick={run}>
      {pending ? "Refreshing..." : "Refresh"}
    </button>
  );
}

export function InsightsRefreshError() {
  const { error } = useRefresh();
  return (
    error && (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    )
  );
}

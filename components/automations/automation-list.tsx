"use client";

import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { AutomationCard, type AutomationView } from "@/components/automations/automation-card";

// The four automation cards. The page read them on the server (the query starts with that answer);
// a save invalidates the query, which reads GET /api/automations again and remounts the saved card.
export function AutomationList({ businessName, initial }: { businessName: string; initial?: { automations: AutomationView[] } }) {
  const { data, isLoading, error } = useQuery({ queryKey: ["/api/automations"], queryFn: () => apiJson<{ automations: AutomationView[] }>("GET", "/api/automations"), initialData: initial });
  return (
    <>
      {isLoading && <p className="text-sm text-muted-foreground">Loading...</p>}
      {error && <p role="alert" className="text-sm text-destructive">Could not load the automations.</p>}
      {data?.automations.map((a) => <AutomationCard key={`${a.kind}-${String((a as { updatedAt?: string }).updatedAt ?? "")}`} automation={a} businessName={businessName} />)}
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { AutomationCard } from "@/components/automations/automation-card";
import { automationKey, type AutomationPreviews, type AutomationView } from "@/components/automations/automation-card-parts";

// The four automation cards. The page read them on the server (the query starts with that answer);
// a save invalidates the query, which reads GET /api/automations again and remounts the saved card.
export function AutomationList({ businessName, initial, previews = {} }: { businessName: string; initial?: { automations: AutomationView[] }; previews?: AutomationPreviews }) {
  const { data, isLoading, error } = useQuery({ queryKey: ["/api/automations"], queryFn: () => apiJson<{ automations: AutomationView[] }>("GET", "/api/automations"), initialData: initial });
  return (
    <>
      {isLoading && <p className="text-sm text-muted-foreground">Loading...</p>}
      {error && <p role="alert" className="text-sm text-destructive">Could not load the automations.</p>}
      {data?.automations.map((a) => <AutomationCard key={automationKey(a)} automation={a} businessName={businessName} previewHtml={previews[automationKey(a)]} />)}
    </>
  );
}

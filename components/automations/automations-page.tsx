"use client";

import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/client/api";
import { AutomationCard, type AutomationView } from "@/components/automations/automation-card";
import { AutomationLog } from "@/components/automations/automation-log";

// The Automations page (issue 25): the four automations and the log of what they sent.
export function AutomationsPage({ businessName }: { businessName: string }) {
  const { data, isLoading, error } = useQuery({ queryKey: ["/api/automations"], queryFn: () => apiJson<{ automations: AutomationView[] }>("GET", "/api/automations") });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">automations</h1>
        <p className="text-sm text-muted-foreground">
          Messages go out once a day, only to customers who agreed to that channel; never to closed, sleeping, snoozed or parked customers; no SMS between 21:00 and 08:00, and at most 2 marketing texts per customer a month (vouchers included).
        </p>
      </div>
      {isLoading && <p className="text-sm text-muted-foreground">Loading...</p>}
      {error && <p role="alert" className="text-sm text-destructive">Could not load the automations.</p>}
      {data?.automations.map((a) => <AutomationCard key={`${a.kind}-${String((a as { updatedAt?: string }).updatedAt ?? "")}`} automation={a} businessName={businessName} />)}
      <AutomationLog />
    </div>
  );
}

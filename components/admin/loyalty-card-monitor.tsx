"use client";

import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { PASS_STATUSES, type AdminLoyaltyCardRow, type IntegrationStatus, type WalletPushProblemRow, type WalletStats } from "@/lib/admin/monitoring/loyalty-card-monitoring";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { formatDate, formatDateTime } from "@/lib/rules/format";
import { AdminSection, LoadingRows, StatTile, selectClass, useAdminQuery } from "@/components/admin/admin-ui";
import { BusinessCombobox } from "@/components/admin/business-combobox";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

const PROVIDERS: { key: keyof IntegrationStatus; label: string }[] = [
  { key: "apple", label: "Apple Wallet" },
  { key: "google", label: "Google Wallet" },
  { key: "sms", label: "SMS (Twilio)" },
  { key: "email", label: "Email (Resend)" },
  { key: "stripe", label: "Stripe" },
];
const PASS_LABEL: Record<string, string> = { created: "Created", fallback: "Fallback", failed: "Failed", pending: "Pending" };
const passVariant = (s: string) => (s === "created" ? "success" : s === "failed" ? "destructive" : s === "fallback" ? "warning" : "secondary");

/** Wallet-pass monitoring: stat cards, which providers are configured, filters and the card table.
 *  With a fixedBusinessId (the business picker's tab) only that business's cards are shown. */
export function LoyaltyCardMonitor({ fixedBusinessId }: { fixedBusinessId?: number }) {
  const [business, setBusiness] = useState<AdminBusinessDto | null>(null);
  const [status, setStatus] = useState("all");
  const effectiveBusiness = fixedBusinessId ? String(fixedBusinessId) : business ? String(business.id) : "all";
  const params = new URLSearchParams();
  if (effectiveBusiness !== "all") params.set("businessId", effectiveBusiness);
  if (status !== "all") params.set("status", status);

  const cards = useAdminQuery<AdminLoyaltyCardRow[]>(queryKeys.adminLoyaltyCards(params.toString()));
  const stats = useAdminQuery<WalletStats>(queryKeys.adminWalletStats, { enabled: !fixedBusinessId });
  const problems = useAdminQuery<WalletPushProblemRow[]>(queryKeys.adminWalletPushProblems, { enabled: !fixedBusinessId });

  useEffect(() => {
    if (cards.isError) toast({ title: "Failed to fetch loyalty cards", description: errorMessage(cards.error), variant: "destructive" });
  }, [cards.isError, cards.error]);
  useEffect(() => {
    if (stats.isError) toast({ title: "Failed to fetch wallet stats", description: errorMessage(stats.error), variant: "destructive" });
  }, [stats.isError, stats.error]);

  const s = stats.data;
  const rows = cards.data ?? [];
  const body = (
    <div className="space-y-4">
      {!fixedBusinessId && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
            <StatTile label="Total passes" value={s?.totalPasses ?? 0} loading={stats.isPending} />
            <StatTile label="Successful" value={s?.successfulPasses ?? 0} loading={stats.isPending} />
            <StatTile label="Fallback" value={s?.fallbackPasses ?? 0} loading={stats.isPending} />
            <StatTile label="Failed" value={s?.failedPasses ?? 0} loading={stats.isPending} />
            <StatTile label="Active businesses" value={s?.activeBusinesses ?? 0} loading={stats.isPending} />
          </div>
          <div className="rounded-lg border p-3" role="group" aria-label="Integration status">
            <p className="mb-2 text-sm font-medium">Integration status</p>
            <ul className="flex flex-wrap gap-2">
              {PROVIDERS.map((p) => (
                <li key={p.key}>
                  <Badge variant={s?.integrations[p.key] ? "success" : "secondary"}>
                    {p.label}: {stats.isPending ? "…" : s?.integrations[p.key] ? "Configured" : "Simulated"}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
          <PushProblems rows={problems.data ?? []} />
        </>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {!fixedBusinessId && (
          <BusinessCombobox label="Business" value={business} onChange={setBusiness} clearLabel="All businesses" />
        )}
        <div className="space-y-1">
          <Label htmlFor={`cards-status-${fixedBusinessId ?? "all"}`}>Pass status</Label>
          <select id={`cards-status-${fixedBusinessId ?? "all"}`} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All statuses</option>
            {PASS_STATUSES.map((p) => (
              <option key={p} value={p}>
                {PASS_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {cards.isPending ? (
        <LoadingRows />
      ) : cards.isError ? (
        <p className="text-sm text-destructive">Could not load the loyalty cards.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No loyalty cards match these filters.</p>
      ) : (
        <Table>
          <TableColumns columns={["Customer", "Business", "Membership", "Pass", "Live updates", "Created"]} />
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <div className="font-medium">{c.customerName}</div>
                  <div className="text-xs text-muted-foreground">{c.customerEmail}</div>
                </TableCell>
                <TableCell>{c.businessName}</TableCell>
                <TableCell className="font-mono text-xs">{formatMembershipNumber(c.membershipNumber)}</TableCell>
                <TableCell>
                  <Badge variant={passVariant(c.passkitStatus)}>{PASS_LABEL[c.passkitStatus] ?? c.passkitStatus}</Badge>
                  {c.passUrl && (
                    <a href={c.passUrl} target="_blank" rel="noreferrer" className="ml-2 text-xs underline">
                      Pass
                    </a>
                  )}
                </TableCell>
                <TableCell className="text-xs">
                  <div>
                    {c.registrations ?? 0} {c.registrations === 1 ? "device" : "devices"}
                    {c.pushPending && (
                      <Badge variant="warning" className="ml-2">
                        Pending
                      </Badge>
                    )}
                  </div>
                  <div className="text-muted-foreground">Last push: {c.lastPushAt ? formatDateTime(c.lastPushAt) : "never"}</div>
                  {c.lastPushError && (
                    <div className="max-w-xs truncate text-destructive" title={c.lastPushError}>
                      Last error: {c.lastPushError}
                    </div>
                  )}
                </TableCell>
                <TableCell>{formatDate(c.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
  if (fixedBusinessId) return body;
  return (
    <AdminSection id="loyalty-monitor" title="loyalty-card monitoring" description="Wallet passes across every business.">
      {body}
    </AdminSection>
  );
}

const WALLET_NAME = { apple: "Apple Wallet (APNs)", google: "Google Wallet API" } as const;

/** Configuration errors the push services keep answering (issue 18): each stops that wallet's pushes
 *  until the configuration is fixed, so they are shown above everything else. */
function PushProblems({ rows }: { rows: WalletPushProblemRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="rounded-lg border border-destructive p-3" role="alert" aria-label="Wallet push configuration errors">
      <p className="mb-2 text-sm font-medium text-destructive">Wallet push configuration errors</p>
      <ul className="space-y-2 text-sm">
        {rows.map((p) => (
          <li key={`${p.provider}-${p.firstSeenAt}`}>
            <div className="font-medium">
              {WALLET_NAME[p.provider]}: {p.status ?? "connection"} {p.reason}
            </div>
            <div className="break-words text-muted-foreground">{p.message}</div>
            <div className="text-xs text-muted-foreground">
              {p.occurrences} {p.occurrences === 1 ? "time" : "times"} since {formatDateTime(p.firstSeenAt)}, last {formatDateTime(p.lastSeenAt)} · {p.cardsWaiting}{" "}
              {p.cardsWaiting === 1 ? "card" : "cards"} waiting
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorStatus } from "@/lib/client/api";
import type { PortalAccount, PreferencesRecord } from "@/lib/portal/types";
import { useAccessLink } from "@/components/portal/use-access-link";
import { useJson } from "@/components/portal/use-json";
import { PreferencesForm } from "@/components/portal/preferences-form";
import { AccountManagementCard } from "@/components/portal/account-management-card";
import type { PortalAccessStepProps } from "@/components/portal/portal-access-step";

// /customer-preferences (spec 3 sections 2 and 4): email entry (proven by an emailed code or a
// signed link), lookup, the account chooser when the address has several accounts (one is chosen
// automatically), the form, and account management. Snooze and close end the portal session and
// return to email entry.
// Issue 23: the page reads a returning customer's session, accounts and (for one account) the
// preferences on the server (`start`), so the form is in the first HTML: no skeleton that the form
// then replaces (the layout shift Lighthouse measured). The steps a returning customer does not
// see first (email and code forms, the chooser) load when shown.

const PortalAccessStep = dynamic(() => import("@/components/portal/portal-access-step").then((m) => m.PortalAccessStep), { loading: () => <FlowSkeleton /> });
const AccountChooser = dynamic(() => import("@/components/portal/account-chooser").then((m) => m.AccountChooser), { loading: () => <FlowSkeleton /> });

/** What the server read for this browser's portal session; null without one. */
export type PreferencesStart = { email: string; accounts: PortalAccount[]; preferences?: PreferencesRecord } | null;

const ACCESS_TEXT = {
  title: "manage your preferences",
  description: "Enter the email address you signed up with. We will email you a code to confirm it is you.",
  submitLabel: "Find My Account",
} satisfies Partial<PortalAccessStepProps>;

export const accountsUrl = (email: string) => `/api/customer-portal/accounts/${encodeURIComponent(email)}`;

export function CustomerPreferences({ start }: { start: PreferencesStart }) {
  const [proven, setProven] = useState<string | null>(start?.email ?? null);
  // Each proof of an address starts its reads afresh (round 0 is the server's read).
  const [round, setRound] = useState(0);
  const [lastEmail, setLastEmail] = useState("");
  const verified = (email: string) => {
    setProven(email);
    setRound((r) => r + 1);
  };
  const link = useAccessLink((r) => verified(r.email));

  const backToEmail = (email: string) => {
    setLastEmail(email);
    setProven(null);
  };

  if (link.pending) return <FlowSkeleton />;
  if (proven === null) return <PortalAccessStep key={lastEmail} {...ACCESS_TEXT} initialEmail={lastEmail} onVerified={(r) => verified(r.email)} />;
  return (
    <ProvenFlow
      key={round}
      email={proven}
      start={round === 0 ? start : null}
      onBack={() => backToEmail(proven)}
      accessStep={<PortalAccessStep {...ACCESS_TEXT} initialEmail={proven} onVerified={(r) => verified(r.email)} />}
    />
  );
}

/** An address this browser has proven: its accounts, the chooser, then the form and account management. */
function ProvenFlow({ email, start, onBack, accessStep }: { email: string; start: PreferencesStart; onBack: () => void; accessStep: ReactNode }) {
  const url = accountsUrl(email);
  const accounts = useJson<{ accounts: PortalAccount[] }>(url, start ? { url, data: { accounts: start.accounts } } : undefined);
  const [chosenId, setChosenId] = useState<number | null>(null);

  if (accounts.pending) return <FlowSkeleton />;
  if (accounts.error !== undefined && [401, 403].includes(errorStatus(accounts.error) ?? 0)) return accessStep;
  if (accounts.error !== undefined) {
    return (
      <Card className="mx-auto max-w-md">
        <CardContent className="grid gap-3 text-sm">
          <p>We could not look up your accounts. Please try again.</p>
          <Button variant="outline" className="w-fit" onClick={accounts.reload}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }

  const list = accounts.data?.accounts ?? [];
  if (list.length === 0) {
    return (
      <Card className="mx-auto w-full max-w-md text-center">
        <CardHeader>
          <SearchX className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
          <CardTitle className="text-xl">customer not found</CardTitle>
          <CardDescription>We could not find an open loyalty account for {email}.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={onBack}>Try Again</Button>
        </CardContent>
      </Card>
    );
  }

  const chosen = list.find((a) => a.id === chosenId) ?? (list.length === 1 ? list[0] : null);
  if (!chosen) return <AccountChooser accounts={list} onChoose={(a) => setChosenId(a.id)} onBack={onBack} />;

  const initial = start?.preferences?.customerId === chosen.id ? start.preferences : undefined;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">your preferences</h1>
        <Button variant="outline" size="sm" onClick={list.length > 1 ? () => setChosenId(null) : onBack}>
          {list.length > 1 ? "Choose another account" : "Back to Email Entry"}
        </Button>
      </div>
      <PreferencesForm key={chosen.id} email={email} account={chosen} accountCount={list.length} initial={initial} onAppliedToAll={accounts.reload} />
      <AccountManagementCard email={email} account={chosen} onEnded={onBack} />
    </div>
  );
}

function FlowSkeleton() {
  return (
    <Card className="mx-auto w-full max-w-md" aria-busy="true">
      <CardContent className="grid gap-4">
        <Spinner label="Loading" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorStatus, getQueryFn } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { PortalAccount } from "@/lib/portal/types";
import { useAccessLink } from "@/components/portal/use-access-link";

// /customer-preferences (spec 3 sections 2 and 4): email entry (proven by an emailed code or a
// signed link), lookup, the account chooser when the address has several accounts (one is chosen
// automatically), the form, and account management. Snooze and close end the portal session and
// return to email entry. A browser that already proved an address starts at the lookup.

// Issue 23: the flow's first render is always the skeleton (the session is being read), so its
// steps (email and code forms, the preferences form with its schema, the confirm dialogs) are not
// in the page's first-load JavaScript: their code is fetched on mount, beside the session lookup.
const loadSteps = {
  access: () => import("@/components/portal/portal-access-step").then((m) => m.PortalAccessStep),
  chooser: () => import("@/components/portal/account-chooser").then((m) => m.AccountChooser),
  form: () => import("@/components/portal/preferences-form").then((m) => m.PreferencesForm),
  management: () => import("@/components/portal/account-management-card").then((m) => m.AccountManagementCard),
};
const PortalAccessStep = dynamic(loadSteps.access, { loading: () => <FlowSkeleton /> });
const AccountChooser = dynamic(loadSteps.chooser, { loading: () => <FlowSkeleton /> });
const PreferencesForm = dynamic(loadSteps.form, { loading: () => <FlowSkeleton /> });
const AccountManagementCard = dynamic(loadSteps.management);

const readSession = getQueryFn<{ email: string }>({ on401: "returnNull" });

export function CustomerPreferences() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [useSession, setUseSession] = useState(true);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [lastEmail, setLastEmail] = useState("");
  useEffect(() => {
    for (const load of Object.values(loadSteps)) void load();
  }, []);

  const link = useAccessLink((r) => {
    setEmail(r.email);
    setChosenId(null);
  });
  const session = useQuery({ queryKey: queryKeys.portalSession, queryFn: readSession, enabled: !link.pending && email === null && useSession });
  const proven = email ?? (useSession ? (session.data?.email ?? null) : null);

  const accounts = useQuery<{ accounts: PortalAccount[] }>({ queryKey: queryKeys.portalAccounts(proven ?? ""), enabled: proven !== null, staleTime: 0 });

  const backToEmail = () => {
    setLastEmail(proven ?? lastEmail);
    setEmail(null);
    setChosenId(null);
    setUseSession(false);
  };
  const sessionEnded = () => {
    backToEmail();
    queryClient.setQueryData(queryKeys.portalSession, null);
    queryClient.removeQueries({ queryKey: ["/api/customer-portal/account"] });
    if (proven) queryClient.removeQueries({ queryKey: queryKeys.portalAccounts(proven) });
  };

  const waiting = link.pending || (proven === null && useSession && session.isPending && session.fetchStatus !== "idle") || (proven !== null && accounts.isPending);
  if (waiting) return <FlowSkeleton />;

  const denied = accounts.isError && [401, 403].includes(errorStatus(accounts.error) ?? 0);
  if (proven === null || denied) {
    return (
      <PortalAccessStep
        key={lastEmail}
        title="manage your preferences"
        description="Enter the email address you signed up with. We will email you a code to confirm it is you."
        submitLabel="Find My Account"
        initialEmail={proven ?? lastEmail}
        onVerified={(r) => {
          setEmail(r.email);
          setChosenId(null);
          void queryClient.invalidateQueries({ queryKey: queryKeys.portalAccounts(r.email) });
        }}
      />
    );
  }

  if (accounts.isError) {
    return (
      <Card className="mx-auto max-w-md">
        <CardContent className="grid gap-3 text-sm">
          <p>We could not look up your accounts. Please try again.</p>
          <Button variant="outline" className="w-fit" onClick={() => void accounts.refetch()}>
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
          <CardDescription>We could not find an open loyalty account for {proven}.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={backToEmail}>Try Again</Button>
        </CardContent>
      </Card>
    );
  }

  const chosen = list.find((a) => a.id === chosenId) ?? (list.length === 1 ? list[0] : null);
  if (!chosen) return <AccountChooser accounts={list} onChoose={(a) => setChosenId(a.id)} onBack={backToEmail} />;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">your preferences</h1>
        <Button variant="outline" size="sm" onClick={list.length > 1 ? () => setChosenId(null) : backToEmail}>
          {list.length > 1 ? "Choose another account" : "Back to Email Entry"}
        </Button>
      </div>
      <PreferencesForm key={chosen.id} email={proven} account={chosen} accountCount={list.length} />
      <AccountManagementCard email={proven} account={chosen} onEnded={sessionEnded} />
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

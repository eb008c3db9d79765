"use client";

import { useEffect, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { apiJson, apiRequest, errorStatus } from "@/lib/client/api";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { useAccessLink } from "@/components/portal/use-access-link";
import { PortalAccountActionsProvider, type PortalAccountActions } from "@/components/portal/portal-account-actions";

// /customer-portal: not verified -> verified (spec 3 section 4). A signed link from an email, or
// an emailed code, proves the address; the view then comes from the portal session. Reloading the
// page keeps the session (GET /api/customer-portal/account answers 401 without one).
// Issue 23: plain requests and state (no query library in the customer pages' first load).

// The sign-in step (email and code forms, validation schema) is only for a browser without a
// portal session: it loads when shown, so a returning customer's page does not carry it.
const PortalAccessStep = dynamic(() => import("@/components/portal/portal-access-step").then((m) => m.PortalAccessStep));

// The account view is a server component (portal-account-view.tsx): the page draws a returning
// customer's account on the server and passes it in as `children`. The browser needs its code only
// to draw another account (switching, or after the email code): it is loaded then (issue 23).
type AccountView = Awaited<ReturnType<typeof loadAccountView>>;
const loadAccountView = () => import("@/components/portal/portal-account-view").then((m) => m.PortalAccountView);

/** The portal view of this browser's session (one account of several with `customerId`); null without a session. */
async function readAccount(customerId?: number): Promise<VerifyAccessResponse | null> {
  try {
    return await apiJson<VerifyAccessResponse>("GET", customerId ? `/api/customer-portal/account?customerId=${customerId}` : "/api/customer-portal/account");
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

type Props = {
  /** The portal view the server already read for this browser's portal session (null: the server
   *  found no session, so the email step is the first HTML, with no request). Left out, the
   *  component asks the server itself. */
  initialAccount?: VerifyAccessResponse | null;
  /** The session's account, drawn on the server (`<PortalAccountView>`): shown, with its islands
   *  for sign-out and switching, until the customer switches account, opens a link or signs out. */
  children?: ReactNode;
};

export function CustomerPortal({ initialAccount, children }: Props = {}) {
  // `data` undefined: not read yet; null: no portal session.
  const [account, setAccount] = useState<{ data: VerifyAccessResponse | null | undefined; error?: unknown; customerId?: number }>({ data: initialAccount });
  // The page's server-drawn account is showing (until the first change made here).
  const [serverView, setServerView] = useState(children !== undefined && children !== null);
  const [View, setView] = useState<AccountView | null>(null);
  const [switching, setSwitching] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const show = (data: VerifyAccessResponse | null, customerId?: number) => {
    setServerView(false);
    setAccount({ data, customerId });
  };

  const onVerified = (result: VerifyAccessResponse) => {
    if (result.success && result.customer) {
      setNotice(null);
      show(result);
      toast({ title: "Access Granted", description: "Welcome to your loyalty account!" });
    } else {
      setNotice(result.message);
      toast({ variant: "destructive", title: "Access denied", description: result.message });
    }
  };
  const link = useAccessLink(onVerified);

  // The account and the view's code together, so a switch shows the next account in one step.
  const load = (customerId?: number) =>
    Promise.all([readAccount(customerId), loadAccountView()]).then(
      ([data, view]) => {
        setView(() => view);
        show(data, customerId);
      },
      (error: unknown) => setAccount((a) => ({ ...a, error, customerId })),
    );
  const needsRead = !link.pending && !serverView && account.data === undefined && account.error === undefined;
  useEffect(() => {
    if (needsRead) void load();
  }, [needsRead]);

  // An account verified here (code or link) is drawn once the view's code is here.
  const data = account.data;
  const clientAccount = !serverView && data?.success && data.customer ? data.customer : null;
  const needsView = clientAccount !== null && View === null;
  useEffect(() => {
    if (!needsView) return;
    void loadAccountView().then(
      (view) => setView(() => view),
      (error: unknown) => setAccount((a) => ({ ...a, error })),
    );
  }, [needsView]);

  const switchTo = (customerId: number) => {
    setSwitching(true);
    void load(customerId).finally(() => setSwitching(false));
  };
  const signOut = () => {
    setSigningOut(true);
    void apiRequest("POST", "/api/customer-portal/logout")
      .catch(() => undefined)
      .finally(() => {
        setSigningOut(false);
        show(null);
      });
  };
  const actions: PortalAccountActions = { signOut, switchTo, signingOut, switching };

  if (link.pending || (!serverView && data === undefined && account.error === undefined)) return <PortalSkeleton />;

  if (account.error !== undefined) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-md">
        <AlertTitle>We could not load your account</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void load(account.customerId)}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  if (serverView) return <PortalAccountActionsProvider value={actions}>{children}</PortalAccountActionsProvider>;
  if (clientAccount) {
    if (!View) return <PortalSkeleton />;
    return (
      <PortalAccountActionsProvider value={actions}>
        <View customer={clientAccount} accounts={data?.accounts ?? []} />
      </PortalAccountActionsProvider>
    );
  }

  const denied = notice ?? (data && !data.success ? data.message : null);
  return (
    <div className="grid gap-4">
      {denied ? (
        <Alert className="mx-auto max-w-md">
          <AlertTitle>Access denied</AlertTitle>
          <AlertDescription>{denied}</AlertDescription>
        </Alert>
      ) : null}
      <PortalAccessStep
        title="your loyalty account"
        description="Enter the email address you gave when you joined. We will email you a code to open your account."
        submitLabel="Access My Account"
        initialEmail={data?.email ?? ""}
        onVerified={onVerified}
      />
    </div>
  );
}

function PortalSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy="true">
      <Spinner label="Loading your account" />
      <Skeleton className="h-9 w-2/3" />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="py-4">
            <CardContent className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-7 w-32" />
            </CardContent>
          </Card>
        ))}
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

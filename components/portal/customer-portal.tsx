"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { apiJson, apiRequest, errorStatus } from "@/lib/client/api";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { PortalAccountView } from "@/components/portal/portal-account-view";
import { useAccessLink } from "@/components/portal/use-access-link";

// /customer-portal: not verified -> verified (spec 3 section 4). A signed link from an email, or
// an emailed code, proves the address; the view then comes from the portal session. Reloading the
// page keeps the session (GET /api/customer-portal/account answers 401 without one).
// Issue 23: plain requests and state (no query library in the customer pages' first load).

// The sign-in step (email and code forms, validation schema) is only for a browser without a
// portal session: it loads when shown, so a returning customer's page does not carry it.
const PortalAccessStep = dynamic(() => import("@/components/portal/portal-access-step").then((m) => m.PortalAccessStep));

/** The portal view of this browser's session (one account of several with `customerId`); null without a session. */
async function readAccount(customerId?: number): Promise<VerifyAccessResponse | null> {
  try {
    return await apiJson<VerifyAccessResponse>("GET", customerId ? `/api/customer-portal/account?customerId=${customerId}` : "/api/customer-portal/account");
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

/** `initialAccount`: the portal view the server already read for this browser's portal session
 *  (null: the server found no session), so a returning customer's account is in the first HTML (no
 *  round trip after the JavaScript). Left out, the component asks the server itself. */
export function CustomerPortal({ initialAccount }: { initialAccount?: VerifyAccessResponse | null } = {}) {
  // `data` undefined: not read yet; null: no portal session.
  const [account, setAccount] = useState<{ data: VerifyAccessResponse | null | undefined; error?: unknown; customerId?: number }>({ data: initialAccount });
  const [switching, setSwitching] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const onVerified = (result: VerifyAccessResponse) => {
    if (result.success && result.customer) {
      setNotice(null);
      setAccount({ data: result });
      toast({ title: "Access Granted", description: "Welcome to your loyalty account!" });
    } else {
      setNotice(result.message);
      toast({ variant: "destructive", title: "Access denied", description: result.message });
    }
  };
  const link = useAccessLink(onVerified);

  const load = (customerId?: number) =>
    readAccount(customerId).then(
      (data) => setAccount({ data, customerId }),
      (error: unknown) => setAccount((a) => ({ ...a, error, customerId })),
    );
  const needsRead = !link.pending && account.data === undefined && account.error === undefined;
  useEffect(() => {
    if (needsRead) void load();
  }, [needsRead]);

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
        setAccount({ data: null });
      });
  };

  if (link.pending || (account.data === undefined && account.error === undefined)) return <PortalSkeleton />;

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

  const data = account.data;
  if (data?.success && data.customer) {
    return (
      <PortalAccountView customer={data.customer} accounts={data.accounts ?? []} onSwitchAccount={switchTo} onSignOut={signOut} signingOut={signingOut} switching={switching} />
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

"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { apiRequest, getQueryFn } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { PortalAccountView } from "@/components/portal/portal-account-view";
import { useAccessLink } from "@/components/portal/use-access-link";

// /customer-portal: not verified -> verified (spec 3 section 4). A signed link from an email, or
// an emailed code, proves the address; the view then comes from the portal session. Reloading the
// page keeps the session (GET /api/customer-portal/account answers 401 without one).

// The sign-in step (email and code forms, validation schema) is only for a browser without a
// portal session: it loads when shown, so a returning customer's page does not carry it.
const PortalAccessStep = dynamic(() => import("@/components/portal/portal-access-step").then((m) => m.PortalAccessStep));

const readAccount = getQueryFn<VerifyAccessResponse>({ on401: "returnNull" });

/** `initialAccount`: the portal view the server already read for this browser's portal session,
 *  so a returning customer's account is in the first HTML (no round trip after the JavaScript). */
export function CustomerPortal({ initialAccount }: { initialAccount?: VerifyAccessResponse } = {}) {
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [notice, setNotice] = useState<string | null>(null);

  const onVerified = (result: VerifyAccessResponse) => {
    if (result.success && result.customer) {
      setNotice(null);
      setCustomerId(undefined);
      queryClient.setQueryData(queryKeys.portalAccount(), result);
      toast({ title: "Access Granted", description: "Welcome to your loyalty account!" });
    } else {
      setNotice(result.message);
      toast({ variant: "destructive", title: "Access denied", description: result.message });
    }
  };
  const link = useAccessLink(onVerified);

  const account = useQuery({
    queryKey: queryKeys.portalAccount(customerId),
    queryFn: readAccount,
    enabled: !link.pending,
    initialData: customerId === undefined ? initialAccount : undefined,
    placeholderData: (previous) => previous,
  });

  const signOut = useMutation({
    mutationFn: () => apiRequest("POST", "/api/customer-portal/logout"),
    onSettled: () => {
      setCustomerId(undefined);
      queryClient.removeQueries({ queryKey: ["/api/customer-portal/account"] });
      queryClient.setQueryData(queryKeys.portalAccount(), null);
    },
  });

  if (link.pending || (account.isPending && account.fetchStatus !== "idle")) return <PortalSkeleton />;

  if (account.isError) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-md">
        <AlertTitle>We could not load your account</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const data = account.data;
  if (data?.success && data.customer) {
    return (
      <PortalAccountView
        customer={data.customer}
        accounts={data.accounts ?? []}
        onSwitchAccount={setCustomerId}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
        switching={account.isFetching}
      />
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

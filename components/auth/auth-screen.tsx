"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SignInForm } from "@/components/auth/sign-in-form";
import { CookieNotice } from "@/components/auth/cookie-notice";
import { Spinner } from "@/components/ui/spinner";
import { PRODUCT_NAME } from "@/lib/product";
import { apiJson } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Issue 23: the sign-up tab's parts (the two-step form with its phone, address and checkbox fields,
// the verification dialog, the access-code gate, the paused notice) are not in the first load of
// /, /auth and /signup; their code is fetched right after the screen mounts.
// The form and the gate send with react-query's mutations: its provider comes with them.
const signUpParts = () =>
  Promise.all([import("@/components/auth/sign-up-form"), import("@/components/auth/access-code-gate"), import("@/components/auth/signups-paused"), import("@/components/query-provider")]);
const SignUpLoading = () => (
  <div className="flex justify-center py-10">
    <Spinner label="Loading sign-up" />
  </div>
);
const SignUpForm = dynamic(() => signUpParts().then(([m, , , q]) => q.withQueryClient(m.SignUpForm)), { loading: SignUpLoading });
const AccessCodeGate = dynamic(() => signUpParts().then(([, m, , q]) => q.withQueryClient(m.AccessCodeGate)), { loading: SignUpLoading });
const SignupsPaused = dynamic(() => signUpParts().then(([, , m]) => m.SignupsPaused), { loading: SignUpLoading });

export const LEAD_EMAIL_KEY = "leadEmail";

/** The public part of GET /api/admin/system-settings that the sign-up tab reads. */
type SignupSettings = { signupsEnabled: boolean; pinProtectionEnabled: boolean };

/** Spec 3 "Auth screen": sign in and sign up tabs; a stored lead email switches to sign up. */
export function AuthScreen({ initialTab = "signin" }: { initialTab?: "signin" | "signup" }) {
  const params = useSearchParams();
  const router = useRouter();
  const referralCode = params.get("ref") ?? undefined;
  const [tab, setTab] = useState<string>(referralCode ? "signup" : initialTab);
  const [leadEmail, setLeadEmail] = useState<string | undefined>();
  // The access code once the gate has accepted it; it goes with the sign-up.
  const [accessCode, setAccessCode] = useState<string | null>(null);
  const [pausedDialogDismissed, setPausedDialogDismissed] = useState(false);
  // undefined while being read; null if they cannot be read: the form is shown then (the server
  // refuses a sign-up it must). A plain request: no query library on the public pages (issue 23).
  const [settings, setSettings] = useState<SignupSettings | null | undefined>();
  useEffect(() => {
    let live = true;
    apiJson<SignupSettings>("GET", queryKeys.systemSettings[0]).then(
      (data) => live && setSettings(data),
      () => live && setSettings(null),
    );
    return () => {
      live = false;
    };
  }, []);
  const paused = settings?.signupsEnabled === false;
  const needsAccessCode = settings?.pinProtectionEnabled === true && accessCode === null;

  const changeTab = (value: string) => {
    setTab(value);
    if (value === "signup") setPausedDialogDismissed(false);
  };

  useEffect(() => {
    void signUpParts();
  }, []);

  useEffect(() => {
    const stored = window.localStorage.getItem(LEAD_EMAIL_KEY);
    if (stored) {
      // Browser storage is only readable after mount; this syncs it into the form once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setLeadEmail(stored);
      setTab("signup");
    }
  }, []);

  const goToDashboard = () => {
    router.replace("/dashboard");
    router.refresh();
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/10 via-background to-accent/20 p-4">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <p className="text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
          <p className="mt-1 text-sm text-muted-foreground">Digital loyalty cards for independent cafés and shops (beta)</p>
        </div>
        <Card>
          <CardHeader className="sr-only">
            <CardTitle className="sr-only">sign in or create an account</CardTitle>
            <CardDescription className="sr-only">Business owners sign in here</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={changeTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign in</TabsTrigger>
                <TabsTrigger value="signup">Sign up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-4">
                <SignInForm onSignedIn={goToDashboard} />
              </TabsContent>
              <TabsContent value="signup" className="pt-4">
                {settings === undefined ? (
                  <SignUpLoading />
                ) : paused ? (
                  <SignupsPaused dialogOpen={tab === "signup" && !pausedDialogDismissed} onDialogOpenChange={(open) => setPausedDialogDismissed(!open)} />
                ) : needsAccessCode ? (
                  <AccessCodeGate onVerified={setAccessCode} />
                ) : (
                  <SignUpForm
                    key={leadEmail ?? "blank"}
                    defaultEmail={leadEmail}
                    referralCode={referralCode}
                    accessCode={accessCode ?? undefined}
                    onSignedUp={goToDashboard}
                  />
                )}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <div className="mt-4 flex justify-center">
          <Link href="/admin-login" className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground">
            <ShieldCheck className="h-3 w-3" aria-hidden /> Admin access
          </Link>
        </div>
      </div>
      <CookieNotice />
    </main>
  );
}

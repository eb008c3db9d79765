"use client";

import { useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/forms/form-field";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";

export const PASSCODE_STORAGE_KEY = "passcodeVerified";
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spec 3: the 'access restricted' screen of the testing mode. Verification takes about 0.5 s; a
 *  wrong passcode shows the spec's message and clears the field. */
export function PasscodeGate() {
  const params = useSearchParams();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(undefined);
    const [res] = await Promise.all([
      fetch("/api/passcode", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ passcode: value }), credentials: "include" }),
      wait(500),
    ]);
    setPending(false);
    if (res.ok) {
      window.localStorage.setItem(PASSCODE_STORAGE_KEY, "true");
      window.location.assign(safeRedirectPath(params.get("next"), window.location.origin));
    } else {
      setError("incorrect passcode - please try again");
      setValue("");
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardContent className="space-y-4 pt-6">
          <div className="text-center">
            <Lock className="mx-auto h-10 w-10 text-primary" aria-hidden />
            <h1 className="mt-2 text-2xl font-bold">access restricted</h1>
            <p className="text-sm text-muted-foreground">This site is in testing. Enter the passcode to continue.</p>
          </div>
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label="Passcode" type="password" value={value} onChange={(e) => setValue(e.target.value)} error={error} autoComplete="off" />
            <Button type="submit" className="w-full" disabled={pending || value === ""}>
              {pending ? "Checking..." : "Enter"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}

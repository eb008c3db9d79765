"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { useLightForm } from "@/components/forms/use-light-form";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/client/api";

// Issue 23: a plain form (no form library), checked by the route's schema loaded on first use; the
// forgot-password dialog (phone rules, its own forms) loads when it is opened.
// (its forms send with react-query's mutations: the provider comes with it, not with the page).
const ForgotPasswordDialog = dynamic(
  () => Promise.all([import("@/components/auth/forgot-password-dialog"), import("@/components/query-provider")]).then(([m, q]) => q.withQueryClient(m.ForgotPasswordDialog)),
  { ssr: false },
);
const loadRules = () => import("@/lib/validation/auth").then((m) => m.loginSchema);

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const forgotMounted = useOpenedOnce(forgotOpen);
  const form = useLightForm(loadRules, { email: "", password: "" }, async (data) => {
    try {
      await apiRequest("POST", "/api/auth/login", data);
    } catch (error) {
      toast({ variant: "destructive", title: "Login failed", description: errorMessage(error, "Invalid email or password") });
      return;
    }
    toast({ title: "Welcome back!" });
    onSignedIn();
  });

  return (
    <>
      <form {...form.form} className="grid gap-4">
        <FormField label="Email" type="email" autoComplete="email" {...form.text("email")} />
        <PasswordField label="Password" autoComplete="current-password" {...form.text("password")} />
        <div className="-mt-2 flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" disabled={form.pending} className="w-full">
          {form.pending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      {/* Outside the form: React events bubble out of portals, and a submit must not reach it.
          After a reset the dialog closes on this tab, ready to sign in with the new password. */}
      {forgotMounted && <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} onReset={() => form.setValues((v) => ({ ...v, password: "" }))} />}
    </>
  );
}

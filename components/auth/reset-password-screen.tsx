"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { KeyRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { LINK_PASSWORD_MIN, LINK_PASSWORD_TOO_SHORT } from "@/lib/validation/link-password";
import { PRODUCT_NAME } from "@/lib/product";
import { SubmitButton } from "@/components/forms/submit-button";

// Spec 3 sections 2, 5 and 8: the page a super admin's reset link opens. New password and
// confirmation with show/hide; the rules and toasts are the spec's, word for word.

/** The page's checks, in the spec's order: both fields, then a match, then the length. */
export function checkNewPasswords(password: string, confirm: string): { title: string; description: string } | null {
  if (!password || !confirm) return { title: "Missing Information", description: "Please enter both password fields." };
  if (password !== confirm) return { title: "Passwords Don't Match", description: "Please ensure both password fields match." };
  if (password.length < LINK_PASSWORD_MIN) return { title: "Password Too Short", description: LINK_PASSWORD_TOO_SHORT };
  return null;
}

export function ResetPasswordScreen() {
  const params = useSearchParams();
  const router = useRouter();
  const token = params.get("token");
  const business = params.get("business");
  const valid = Boolean(token && business);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const warned = useRef(false);

  useEffect(() => {
    if (valid || warned.current) return;
    warned.current = true;
    toast({ variant: "destructive", title: "Invalid Reset Link", description: "This password reset link is incomplete. Please ask for a new one." });
    router.replace("/");
  }, [valid, router]);

  const [pending, setPending] = useState(false);
  const reset = async () => {
    setPending(true);
    try {
      const result = await apiJson<{ message: string }>("POST", "/api/reset-password", { token, businessId: Number(business), newPassword: password });
      toast({ title: "Password Reset Successful", description: result?.message });
      router.replace("/");
    } catch (error) {
      toast({ variant: "destructive", title: "Reset Failed", description: serverMessage(error, "Failed to reset password. Please try again.") });
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkNewPasswords(password, confirm);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    if (!pending) void reset();
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/10 via-background to-accent/20 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex h-10 w-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <KeyRound className="h-5 w-5" aria-hidden />
          </div>
          <CardTitle>reset your password</CardTitle>
          <CardDescription>Choose a new password for your {PRODUCT_NAME} account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={submit}>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint="At least 8 characters; it should contain letters and numbers."
              disabled={!valid || pending}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              disabled={!valid || pending}
            />
            <SubmitButton className="w-full" pending={pending} disabled={!valid} pendingLabel="Resetting...">
              Reset password
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}

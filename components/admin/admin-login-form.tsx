"use client";

import { useRouter } from "next/navigation";
import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorStatus, serverMessage } from "@/lib/client/api";
import { SubmitButton } from "@/components/forms/submit-button";
import { useLightForm } from "@/components/forms/use-light-form";

// Issue 23: a plain form checked by the route's schema, loaded on first use (components/forms/use-light-form.ts).
const loadRules = () => import("@/lib/validation/admin").then((m) => m.adminLoginSchema);

/** /admin-login (spec 3 sections 2, 5 and 8): email and password with show/hide. */
export function AdminLoginForm() {
  const router = useRouter();
  const form = useLightForm(loadRules, { email: "", password: "" }, async (data) => {
    try {
      await apiRequest("POST", "/api/admin/login", data);
    } catch (error) {
      toast({ variant: "destructive", title: "Login Failed", description: errorStatus(error) === null ? "Unable to connect to server" : serverMessage(error, "Invalid credentials") });
      return;
    }
    router.push("/admin-dashboard");
    router.refresh();
  });

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck className="size-5" aria-hidden />
        </div>
        <CardTitle className="text-xl">super admin login</CardTitle>
        <CardDescription>Sign in to the platform administration console.</CardDescription>
      </CardHeader>
      <CardContent>
        <form {...form.form} className="grid gap-4">
          <FormField label="Email" type="email" autoComplete="username" autoCapitalize="none" {...form.text("email")} />
          <PasswordField label="Password" autoComplete="current-password" {...form.text("password")} />
          <SubmitButton className="w-full" pending={form.pending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
        </form>
      </CardContent>
      <CardFooter>
        <p className="text-center text-xs text-muted-foreground">Access is restricted to authorised administrators. All activity is monitored and logged.</p>
      </CardFooter>
    </Card>
  );
}

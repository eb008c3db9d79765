"use client";

import { useRouter } from "next/navigation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/api";
import { SubmitButton } from "@/components/forms/submit-button";
import { useLightForm } from "@/components/forms/use-light-form";

// Issue 23: a plain form checked by the route's schema, loaded on first use (components/forms/use-light-form.ts).
const loadRules = () => import("@/lib/validation/staff").then((m) => m.staffLoginSchema);

/** /staff/login (spec 3 section 2): business ID (prefilled from ?business=), username, password. */
export function StaffLoginForm({ businessId = "" }: { businessId?: string }) {
  const router = useRouter();
  const form = useLightForm(loadRules, { businessId, username: "", password: "" }, async (data) => {
    try {
      // The schema has turned the business ID into an integer: that is what is sent.
      await apiRequest("POST", "/api/staff/login", data);
    } catch (error) {
      toast({ variant: "destructive", title: "Login failed", description: serverMessage(error, "Invalid business ID, username or password") });
      return;
    }
    toast({ title: "Login successful", description: "Welcome to the staff portal" });
    router.push("/staff/dashboard");
    router.refresh();
  });

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <CardTitle className="text-xl">staff sign in</CardTitle>
        <CardDescription>Use the business ID, username and password your manager gave you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form {...form.form} className="grid gap-4">
          <FormField label="Business ID" type="number" inputMode="numeric" min={1} {...form.text("businessId")} />
          <FormField label="Username" autoComplete="username" autoCapitalize="none" {...form.text("username")} />
          <PasswordField label="Password" autoComplete="current-password" {...form.text("password")} />
          <SubmitButton className="w-full" pending={form.pending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}

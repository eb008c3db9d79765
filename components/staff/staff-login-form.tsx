"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/api";
import { staffLoginSchema, type StaffLoginInput, type StaffLoginValues } from "@/lib/validation/staff";
import { SubmitButton } from "@/components/forms/submit-button";

/** /staff/login (spec 3 section 2): business ID (prefilled from ?business=), username, password. */
export function StaffLoginForm({ businessId = "" }: { businessId?: string }) {
  const router = useRouter();
  const form = useForm<StaffLoginInput, unknown, StaffLoginValues>({
    resolver: zodResolver(staffLoginSchema),
    defaultValues: { businessId, username: "", password: "" },
  });
  const login = useMutation({
    // The schema has turned the business ID into an integer: that is what is sent.
    mutationFn: (values: StaffLoginValues) => apiRequest("POST", "/api/staff/login", values),
    onSuccess: () => {
      toast({ title: "Login successful", description: "Welcome to the staff portal" });
      router.push("/staff/dashboard");
      router.refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Login failed", description: serverMessage(error, "Invalid business ID, username or password") }),
  });
  const { errors } = form.formState;

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <CardTitle className="text-xl">staff sign in</CardTitle>
        <CardDescription>Use the business ID, username and password your manager gave you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))} className="grid gap-4">
          <FormField label="Business ID" type="number" inputMode="numeric" min={1} error={errors.businessId?.message} {...form.register("businessId")} />
          <FormField label="Username" autoComplete="username" autoCapitalize="none" error={errors.username?.message} {...form.register("username")} />
          <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
          <SubmitButton className="w-full" pending={login.isPending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorStatus, serverMessage } from "@/lib/client/api";
import { adminLoginSchema, type AdminLoginInput } from "@/lib/validation/admin";
import { SubmitButton } from "@/components/forms/submit-button";

/** /admin-login (spec 3 sections 2, 5 and 8): email and password with show/hide. */
export function AdminLoginForm() {
  const router = useRouter();
  const form = useForm<AdminLoginInput>({ resolver: zodResolver(adminLoginSchema), defaultValues: { email: "", password: "" } });
  const login = useMutation({
    mutationFn: (values: AdminLoginInput) => apiRequest("POST", "/api/admin/login", values),
    onSuccess: () => {
      router.push("/admin-dashboard");
      router.refresh();
    },
    onError: (error) =>
      errorStatus(error) === null
        ? toast({ variant: "destructive", title: "Login Failed", description: "Unable to connect to server" })
        : toast({ variant: "destructive", title: "Login Failed", description: serverMessage(error, "Invalid credentials") }),
  });
  const { errors } = form.formState;

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
        <form noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))} className="grid gap-4">
          <FormField label="Email" type="email" autoComplete="username" autoCapitalize="none" error={errors.email?.message} {...form.register("email")} />
          <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
          <SubmitButton className="w-full" pending={login.isPending} pendingLabel="Signing in...">
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

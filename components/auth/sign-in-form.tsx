"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/client/api";
import { loginSchema } from "@/lib/validation/auth";
import { ForgotPasswordDialog } from "@/components/auth/forgot-password-dialog";

type Values = z.input<typeof loginSchema>;

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const login = useMutation({
    mutationFn: (values: Values) => apiRequest("POST", "/api/auth/login", values),
    onSuccess: () => {
      toast({ title: "Welcome back!" });
      onSignedIn();
    },
    onError: (error) => toast({ variant: "destructive", title: "Login failed", description: errorMessage(error, "Invalid email or password") }),
  });
  const { errors } = form.formState;

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))} className="grid gap-4">
        <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
        <div className="-mt-2 flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      {/* Outside the form: React events bubble out of portals, and a submit must not reach it.
          After a reset the dialog closes on this tab, ready to sign in with the new password. */}
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} onReset={() => form.setValue("password", "")} />
    </>
  );
}

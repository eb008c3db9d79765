"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorStatus, serverMessage } from "@/lib/client/api";
import { createStaffSchema, resetStaffPasswordSchema } from "@/lib/validation/staff-accounts";
import type { StaffAccountDto } from "@/lib/staff/staff-dto";

const PASSWORD_HINT = "at least 8 characters with a letter, a number and a special character";

type CreateValues = z.output<typeof createStaffSchema>;

export function CreateStaffDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>add staff login</DialogTitle>
          <DialogDescription>choose a username and a password for your team member. they can use the staff portal only.</DialogDescription>
        </DialogHeader>
        {open && <CreateStaffForm onDone={() => onOpenChange(false)} onCreated={onCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateStaffForm({ onDone, onCreated }: { onDone: () => void; onCreated: () => void }) {
  const form = useForm<z.input<typeof createStaffSchema>, unknown, CreateValues>({ resolver: zodResolver(createStaffSchema), defaultValues: { username: "", password: "" } });
  const create = useMutation({
    mutationFn: (values: CreateValues) => apiJson<{ staff: StaffAccountDto }>("POST", "/api/business/staff", values),
    onSuccess: (result) => {
      toast({ title: "Staff login created", description: `${result.staff.username} can now sign in to the staff portal.` });
      onCreated();
      onDone();
    },
    onError: (error) => {
      const message = serverMessage(error, "Failed to create the staff login");
      if (errorStatus(error) === 409) form.setError("username", { message });
      toast({ variant: "destructive", title: "Error creating staff login", description: message });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4">
      <fieldset disabled={create.isPending} className="grid gap-4">
        <FormField label="username" autoComplete="off" autoCapitalize="none" spellCheck={false} hint="3-40 letters, numbers, dots, dashes or underscores" error={errors.username?.message} {...form.register("username")} />
        <PasswordField label="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password?.message} {...form.register("password")} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          cancel
        </Button>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? "creating..." : "create login"}
        </Button>
      </DialogFooter>
    </form>
  );
}

type ResetValues = z.output<typeof resetStaffPasswordSchema>;

export function ResetStaffPasswordDialog({ staff, onClose, onReset }: { staff: StaffAccountDto | null; onClose: () => void; onReset: () => void }) {
  return (
    <Dialog open={staff !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>reset password</DialogTitle>
          <DialogDescription>{staff ? `set a new password for ${staff.username}. they will be signed out everywhere.` : null}</DialogDescription>
        </DialogHeader>
        {staff && <ResetForm staff={staff} onDone={onClose} onReset={onReset} />}
      </DialogContent>
    </Dialog>
  );
}

function ResetForm({ staff, onDone, onReset }: { staff: StaffAccountDto; onDone: () => void; onReset: () => void }) {
  const form = useForm<z.input<typeof resetStaffPasswordSchema>, unknown, ResetValues>({ resolver: zodResolver(resetStaffPasswordSchema), defaultValues: { password: "" } });
  const reset = useMutation({
    mutationFn: (values: ResetValues) => apiJson("PUT", `/api/business/staff/${staff.id}/password`, values),
    onSuccess: () => {
      toast({ title: "Staff password reset", description: `${staff.username} has been signed out everywhere.` });
      onReset();
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error resetting password", description: serverMessage(error, "Failed to reset the password") }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="grid gap-4">
      <fieldset disabled={reset.isPending}>
        <PasswordField label="new password" autoComplete="new-password" hint={PASSWORD_HINT} error={form.formState.errors.password?.message} {...form.register("password")} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={reset.isPending}>
          cancel
        </Button>
        <Button type="submit" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
          {reset.isPending ? "saving..." : "set password"}
        </Button>
      </DialogFooter>
    </form>
  );
}

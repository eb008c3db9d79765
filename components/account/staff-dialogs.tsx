"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { FormField, PasswordField } from "@/components/forms/form-field";
import { FormDialog, FormFooter } from "@/components/forms/form-dialog";
import { useSubmitMutation } from "@/components/forms/use-submit-mutation";
import { apiJson, errorStatus } from "@/lib/client/api";
import { createStaffSchema, resetStaffPasswordSchema } from "@/lib/validation/staff-accounts";
import type { StaffAccountDto } from "@/lib/staff/staff-dto";

const PASSWORD_HINT = "at least 8 characters with a letter, a number and a special character";

type CreateValues = z.output<typeof createStaffSchema>;

export function CreateStaffDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void }) {
  return (
    <FormDialog open={open} onClose={() => onOpenChange(false)} title="add staff login" description="choose a username and a password for your team member. they can use the staff portal only.">
      {open && <CreateStaffForm onDone={() => onOpenChange(false)} onCreated={onCreated} />}
    </FormDialog>
  );
}

function CreateStaffForm({ onDone, onCreated }: { onDone: () => void; onCreated: () => void }) {
  const form = useForm<z.input<typeof createStaffSchema>, unknown, CreateValues>({ resolver: zodResolver(createStaffSchema), defaultValues: { username: "", password: "" } });
  const create = useSubmitMutation({
    mutationFn: (values: CreateValues) => apiJson<{ staff: StaffAccountDto }>("POST", "/api/business/staff", values),
    success: (result) => ({ title: "Staff login created", description: `${result.staff.username} can now sign in to the staff portal.` }),
    failure: { title: "Error creating staff login", fallback: "Failed to create the staff login" },
    onSuccess: onCreated,
    onError: (error, message) => {
      if (errorStatus(error) === 409) form.setError("username", { message });
    },
    onDone,
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4">
      <fieldset disabled={create.isPending} className="grid gap-4">
        <FormField label="username" autoComplete="off" autoCapitalize="none" spellCheck={false} hint="3-40 letters, numbers, dots, dashes or underscores" error={errors.username?.message} {...form.register("username")} />
        <PasswordField label="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password?.message} {...form.register("password")} />
      </fieldset>
      <FormFooter onCancel={onDone} pending={create.isPending} submitLabel="create login" pendingLabel="creating..." />
    </form>
  );
}

type ResetValues = z.output<typeof resetStaffPasswordSchema>;

export function ResetStaffPasswordDialog({ staff, onClose, onReset }: { staff: StaffAccountDto | null; onClose: () => void; onReset: () => void }) {
  return (
    <FormDialog open={staff !== null} onClose={onClose} title="reset password" description={staff ? `set a new password for ${staff.username}. they will be signed out everywhere.` : null}>
      {staff && <ResetForm staff={staff} onDone={onClose} onReset={onReset} />}
    </FormDialog>
  );
}

function ResetForm({ staff, onDone, onReset }: { staff: StaffAccountDto; onDone: () => void; onReset: () => void }) {
  const form = useForm<z.input<typeof resetStaffPasswordSchema>, unknown, ResetValues>({ resolver: zodResolver(resetStaffPasswordSchema), defaultValues: { password: "" } });
  const reset = useSubmitMutation({
    mutationFn: (values: ResetValues) => apiJson("PUT", `/api/business/staff/${staff.id}/password`, values),
    success: { title: "Staff password reset", description: `${staff.username} has been signed out everywhere.` },
    failure: { title: "Error resetting password", fallback: "Failed to reset the password" },
    onSuccess: onReset,
    onDone,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="grid gap-4">
      <fieldset disabled={reset.isPending}>
        <PasswordField label="new password" autoComplete="new-password" hint={PASSWORD_HINT} error={form.formState.errors.password?.message} {...form.register("password")} />
      </fieldset>
      <FormFooter onCancel={onDone} pending={reset.isPending} submitLabel="set password" pendingLabel="saving..." />
    </form>
  );
}

"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { updateCustomerSchema } from "@/lib/validation/customers";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { isClosed } from "@/lib/rules/customer-status";
import { storeUpdatedCustomer } from "@/components/customers/customer-queries";
import { formatUkPhone } from "@/lib/rules/uk-phone";

// Customer detail dialog, tab 1 (spec 1 sections 2, 5, 8): edit the customer's details. A closed
// account is read-only for 28 days: every field and the save button are disabled, and if the
// server still refuses ('Update not allowed: ...') that is what the toast says.

type Input = z.input<typeof updateCustomerSchema>;
type Output = z.output<typeof updateCustomerSchema>;

export const READ_ONLY_NOTE =
  "This account is closed, so its details are read-only for 28 days. After that it is archived; some data is kept longer for audit and legal reasons.";

const valuesOf = (c: CustomerDto): Input => ({
  name: c.name,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: formatUkPhone(c.phone),
  dateOfBirth: c.dateOfBirth ?? "",
});

export function updateErrorToast(error: unknown) {
  const message = errorMessage(error);
  if (message.startsWith("Update not allowed")) toast({ variant: "destructive", title: "Update not allowed", description: message });
  else toast({ variant: "destructive", title: "update failed", description: message });
}

export function CustomerDetailsForm({ customer }: { customer: CustomerDto }) {
  const queryClient = useQueryClient();
  const closed = isClosed(customer);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(updateCustomerSchema), defaultValues: valuesOf(customer) });
  const save = useMutation({
    mutationFn: (values: Output) =>
      apiJson<CustomerDto>("PATCH", `/api/customers/${customer.id}`, {
        name: values.name,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        dateOfBirth: values.dateOfBirth,
      }),
    onSuccess: (updated) => {
      form.reset(valuesOf(updated));
      void storeUpdatedCustomer(queryClient, updated);
      toast({ title: "customer updated", description: "customer details have been successfully updated" });
    },
    onError: updateErrorToast,
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4">
      {closed && (
        <div role="note" className="flex gap-2 rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{READ_ONLY_NOTE}</p>
        </div>
      )}
      <fieldset disabled={closed || save.isPending} className="grid gap-4 disabled:opacity-80">
        <FormField label="display name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="first name" autoComplete="off" error={errors.firstName?.message} {...form.register("firstName")} />
          <FormField label="last name" autoComplete="off" error={errors.lastName?.message} {...form.register("lastName")} />
        </div>
        <FormField label="email" type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
        <FormField label="phone" type="tel" autoComplete="off" error={errors.phone?.message} {...form.register("phone")} />
        <FormField label="date of birth" type="date" error={errors.dateOfBirth?.message} {...form.register("dateOfBirth")} />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={closed || save.isPending} aria-busy={save.isPending || undefined} className="w-full sm:w-auto">
          {save.isPending ? "saving..." : "save changes"}
        </Button>
      </div>
    </form>
  );
}

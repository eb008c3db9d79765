"use client";

import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { FormField } from "@/components/forms/form-field";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDateTime } from "@/lib/rules/format";
import { preferencesSchema, type PreferencesInput, type PreferencesValues } from "@/lib/validation/portal";
import type { PortalAccount, PreferencesRecord } from "@/lib/portal/types";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { SubmitButton } from "@/components/forms/submit-button";

type Props = {
  email: string;
  account: PortalAccount;
  /** How many accounts this address has: more than one offers 'apply to all accounts' after a save. */
  accountCount: number;
};

const toValues = (r: PreferencesRecord): PreferencesInput => ({
  customerId: r.customerId,
  email: r.email,
  firstName: r.firstName,
  lastName: r.lastName,
  phone: r.phone,
  marketingConsentEmail: r.marketingConsentEmail,
  marketingConsentSms: r.marketingConsentSms,
});

/** Step 3 of the preferences flow (spec 3 section 2): names, phone and the two marketing consents. */
export function PreferencesForm({ email, account, accountCount }: Props) {
  const queryClient = useQueryClient();
  const key = queryKeys.portalPreferences(email, account.id);
  const record = useQuery<PreferencesRecord>({ queryKey: key });
  const [applyAll, setApplyAll] = useState<PreferencesValues | null>(null);

  const form = useForm<PreferencesInput, unknown, PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: { customerId: account.id, email, firstName: "", lastName: "", phone: "", marketingConsentEmail: false, marketingConsentSms: false },
  });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (record.data) reset(toValues(record.data));
  }, [record.data, reset]);

  const save = useMutation({
    mutationFn: (values: PreferencesValues) => apiJson<{ message: string; preferences: PreferencesRecord }>("PUT", "/api/customer-portal/preferences", values),
    onSuccess: (result, values) => {
      queryClient.setQueryData(key, result.preferences);
      toast({ title: "Preferences updated" });
      if (accountCount > 1) setApplyAll(values);
    },
    onError: (error) => toast({ variant: "destructive", title: "Error updating preferences", description: serverMessage(error, "Failed to update preferences") }),
  });

  const saveAll = async () => {
    if (!applyAll) return;
    try {
      await apiJson("PUT", "/api/customer-portal/preferences/all", applyAll);
      const prefix = `/api/customer-portal/preferences/${encodeURIComponent(email)}`;
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.portalAccounts(email) });
      toast({ title: "All accounts updated" });
    } catch (error) {
      toast({ variant: "destructive", title: "Error updating all accounts", description: serverMessage(error, "Failed to update all accounts") });
      throw error;
    }
  };

  if (record.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="grid gap-4">
          <Spinner label="Loading your preferences" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (record.isError) {
    return (
      <Card>
        <CardContent className="grid gap-3 text-sm">
          <p>{serverMessage(record.error, "We could not load your preferences.")}</p>
          <Button variant="outline" className="w-fit" onClick={() => void record.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }

  const r = record.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>your preferences</CardTitle>
        <CardDescription>
          {r.businessName} · membership {formatMembershipNumber(account.membershipNumber)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4">
          <FormField label="Email" type="email" readOnly aria-readonly="true" className="bg-muted" error={errors.email?.message} {...form.register("email")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register("firstName")} />
            <FormField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register("lastName")} />
          </div>
          <FormField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register("phone")} />

          <fieldset className="grid gap-3 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Marketing</legend>
            <ConsentBox control={form.control} name="marketingConsentEmail" label="Email marketing" hint="Offers and news from this business by email." />
            <ConsentBox control={form.control} name="marketingConsentSms" label="SMS marketing" hint="Offers by text message (at most 2 a month)." />
          </fieldset>
          <p className="flex gap-2 rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            Service communications about your loyalty card, points and account will always continue, whatever you choose here.
          </p>
          <p className="text-xs text-muted-foreground" data-testid="preferences-last-updated">
            {r.marketingPreferencesLastUpdatedAt
              ? `Last updated by ${r.marketingPreferencesLastUpdatedBy === "customer" ? "you (customer)" : "the business"} on ${formatDateTime(r.marketingPreferencesLastUpdatedAt)}`
              : "Not updated yet"}
          </p>
          <SubmitButton className="w-full sm:w-fit" pending={save.isPending} pendingLabel="Saving...">
            Save Preferences
          </SubmitButton>
        </form>
      </CardContent>
      <ConfirmDialog
        open={applyAll !== null}
        onOpenChange={(open) => !open && setApplyAll(null)}
        title="apply to all accounts?"
        description={`You have ${accountCount} loyalty accounts with this email address. Apply these preferences to all of them?`}
        confirmLabel="Apply to all accounts"
        pendingLabel="Applying..."
        cancelLabel="Just this account"
        onConfirm={saveAll}
      />
    </Card>
  );
}

function ConsentBox({ control, name, label, hint }: { control: ReturnType<typeof useForm<PreferencesInput, unknown, PreferencesValues>>["control"]; name: "marketingConsentEmail" | "marketingConsentSms"; label: string; hint: string }) {
  const id = `consent-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Checkbox id={id} checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} aria-describedby={`${id}-hint`} />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      )}
    />
  );
}

"use client";

import { useState } from "react";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { FormField } from "@/components/forms/form-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { useLightForm } from "@/components/forms/use-light-form";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/rules/format";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import type { PreferencesInput, PreferencesValues } from "@/lib/validation/portal";
import type { PortalAccount, PreferencesRecord } from "@/lib/portal/types";
import { useJson } from "@/components/portal/use-json";

type Props = {
  email: string;
  account: PortalAccount;
  /** How many accounts this address has: more than one offers 'apply to all accounts' after a save. */
  accountCount: number;
  /** The record the server already read for the first HTML (no request, no skeleton then). */
  initial?: PreferencesRecord;
  /** After 'Apply to all accounts': the accounts' figures may have changed. */
  onAppliedToAll?: () => void;
};

export const preferencesUrl = (email: string, customerId: number) => `/api/customer-portal/preferences/${encodeURIComponent(email)}?customerId=${customerId}`;

// The route's schema (spec messages, the phone stored in E.164), loaded when the form is first used.
const loadRules = () => import("@/lib/validation/portal").then((m) => m.preferencesSchema);

const formValues = (r: PreferencesRecord, customerId: number, email: string): PreferencesInput => ({
  customerId,
  email,
  firstName: r.firstName,
  lastName: r.lastName,
  phone: r.phone,
  marketingConsentEmail: r.marketingConsentEmail,
  marketingConsentSms: r.marketingConsentSms,
});

/** Step 3 of the preferences flow (spec 3 section 2): names, phone and the two marketing consents. */
export function PreferencesForm({ email, account, accountCount, initial, onAppliedToAll }: Props) {
  const url = preferencesUrl(email, account.id);
  const record = useJson<PreferencesRecord>(url, initial ? { url, data: initial } : undefined);

  if (record.pending) {
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
  if (!record.data) {
    return (
      <Card>
        <CardContent className="grid gap-3 text-sm">
          <p>{serverMessage(record.error, "We could not load your preferences.")}</p>
          <Button variant="outline" className="w-fit" onClick={record.reload}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <PreferencesFields email={email} account={account} accountCount={accountCount} record={record.data} onSaved={record.set} onAppliedToAll={onAppliedToAll} />;
}

function PreferencesFields({ email, account, accountCount, record: r, onSaved, onAppliedToAll }: Omit<Props, "initial"> & { record: PreferencesRecord; onSaved: (r: PreferencesRecord) => void }) {
  const [applyAll, setApplyAll] = useState<PreferencesValues | null>(null);
  const dialogMounted = useOpenedOnce(applyAll !== null);
  const form = useLightForm(loadRules, formValues(r, account.id, email), async (data) => {
    let result: { message: string; preferences: PreferencesRecord };
    try {
      result = await apiJson("PUT", "/api/customer-portal/preferences", data);
    } catch (error) {
      toast({ variant: "destructive", title: "Error updating preferences", description: serverMessage(error, "Failed to update preferences") });
      return;
    }
    onSaved(result.preferences);
    toast({ title: "Preferences updated" });
    if (accountCount > 1) setApplyAll(data);
    // The stored values (the phone in E.164) refill the form.
    return formValues(result.preferences, account.id, email);
  });
  const { values, setValues } = form;

  const saveAll = async () => {
    if (!applyAll) return;
    try {
      await apiJson("PUT", "/api/customer-portal/preferences/all", applyAll);
      onAppliedToAll?.();
      toast({ title: "All accounts updated" });
    } catch (error) {
      toast({ variant: "destructive", title: "Error updating all accounts", description: serverMessage(error, "Failed to update all accounts") });
      throw error;
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>your preferences</CardTitle>
        <CardDescription>
          {r.businessName} · membership {formatMembershipNumber(account.membershipNumber)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form {...form.form} className="grid gap-4">
          <FormField label="Email" type="email" name="email" readOnly aria-readonly="true" className="bg-muted" value={values.email} error={form.errors.email} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" autoComplete="given-name" {...form.text("firstName")} />
            <FormField label="Last name" autoComplete="family-name" {...form.text("lastName")} />
          </div>
          <FormField label="Phone" type="tel" autoComplete="tel" {...form.text("phone")} />

          <fieldset className="grid gap-3 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Marketing</legend>
            {(
              [
                ["marketingConsentEmail", "Email marketing", "Offers and news from this business by email."],
                ["marketingConsentSms", "SMS marketing", "Offers by text message (at most 2 a month)."],
              ] as const
            ).map(([name, label, hint]) => (
              <ConsentBox key={name} name={name} label={label} hint={hint} checked={values[name] === true} onChange={(checked) => setValues((v) => ({ ...v, [name]: checked }))} />
            ))}
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
          <SubmitButton className="w-full sm:w-fit" pending={form.pending} pendingLabel="Saving...">
            Save Preferences
          </SubmitButton>
        </form>
      </CardContent>
      {dialogMounted && (
        <LazyConfirmDialog
          open={applyAll !== null}
          onOpenChange={(open) => !open && setApplyAll(null)}
          title="apply to all accounts?"
          description={`You have ${accountCount} loyalty accounts with this email address. Apply these preferences to all of them?`}
          confirmLabel="Apply to all accounts"
          pendingLabel="Applying..."
          cancelLabel="Just this account"
          onConfirm={saveAll}
        />
      )}
    </Card>
  );
}

/** A native checkbox (no script needed to draw it), with its label and hint. */
function ConsentBox({ name, label, hint, checked, onChange }: { name: string; label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `consent-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 rounded-[4px] accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

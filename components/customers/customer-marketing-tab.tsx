"use client";

import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { apiJson } from "@/lib/client/api";
import { formatDateTime } from "@/lib/rules/format";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { consentUpdaterLabel, isClosed } from "@/lib/rules/customer-status";
import { storeUpdatedCustomer } from "@/components/customers/customer-queries";
import { updateErrorToast } from "@/components/customers/customer-details-form";

// Customer detail dialog, tab 2: the UK marketing consents per channel, saved as soon as a switch
// is flipped, and who last changed them (customer, business or system) and when.

type Consents = { marketingConsentEmail?: boolean; marketingConsentSms?: boolean };

export function CustomerMarketingTab({ customer }: { customer: CustomerDto }) {
  const queryClient = useQueryClient();
  const emailId = useId();
  const smsId = useId();
  const closed = isClosed(customer);
  const save = useMutation({
    mutationFn: (changes: Consents) => apiJson<CustomerDto>("PATCH", `/api/customers/${customer.id}`, changes),
    onSuccess: (updated) => {
      void storeUpdatedCustomer(queryClient, updated);
      toast({ title: "customer updated", description: "customer details have been successfully updated" });
    },
    onError: updateErrorToast,
  });
  const disabled = closed || save.isPending;
  // While saving, show the value being saved.
  const shown = { ...customer, ...(save.isPending ? save.variables : {}) };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        consent is needed to send this customer vouchers and offers. service messages about their loyalty card are always sent.
      </p>
      <div className="grid gap-3 rounded-lg border p-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={emailId}>email marketing</Label>
          <Switch
            id={emailId}
            checked={shown.marketingConsentEmail}
            disabled={disabled}
            onCheckedChange={(v) => save.mutate({ marketingConsentEmail: v })}
          />
        </div>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={smsId}>SMS marketing</Label>
          <Switch id={smsId} checked={shown.marketingConsentSms} disabled={disabled} onCheckedChange={(v) => save.mutate({ marketingConsentSms: v })} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="consent-last-updated">
        {customer.marketingPreferencesLastUpdatedAt ? (
          <>
            last updated by <span className="font-medium text-foreground">{consentUpdaterLabel(customer.marketingPreferencesLastUpdatedBy)}</span> on{" "}
            {formatDateTime(customer.marketingPreferencesLastUpdatedAt)}
          </>
        ) : (
          "no changes recorded since the customer joined"
        )}
      </p>
      {closed && <p className="text-sm text-muted-foreground">this account is closed, so its preferences are read-only for 28 days.</p>}
    </div>
  );
}

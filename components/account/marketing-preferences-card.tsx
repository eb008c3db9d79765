"use client";

import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";

type Prefs = { emailMarketing: boolean; smsMarketing: boolean };

/** PUT /api/business/marketing-preferences: whether the owner hears about product news from us. */
export function MarketingPreferencesCard({ business }: { business: BusinessSettingsDto }) {
  const queryClient = useQueryClient();
  const emailId = useId();
  const smsId = useId();
  const save = useMutation({
    mutationFn: (prefs: Prefs) => apiJson<Prefs>("PUT", "/api/business/marketing-preferences", prefs),
    onSuccess: (_result, prefs) => {
      queryClient.setQueryData<BusinessSettingsDto>(queryKeys.business, (old) => (old ? { ...old, ...prefs } : old));
      toast({ title: "Marketing preferences updated" });
    },
    onError: (error) => toast({ variant: "destructive", title: "Error updating marketing preferences", description: serverMessage(error, "Failed to update marketing preferences") }),
  });
  const current: Prefs = save.isPending && save.variables ? save.variables : { emailMarketing: business.emailMarketing, smsMarketing: business.smsMarketing };

  return (
    <Card>
      <CardHeader>
        <CardTitle>marketing preferences</CardTitle>
        <CardDescription>product news and tips from us. account and billing messages always reach you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={emailId}>email marketing</Label>
          <Switch id={emailId} checked={current.emailMarketing} disabled={save.isPending} onCheckedChange={(v) => save.mutate({ ...current, emailMarketing: v })} />
        </div>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={smsId}>SMS marketing</Label>
          <Switch id={smsId} checked={current.smsMarketing} disabled={save.isPending} onCheckedChange={(v) => save.mutate({ ...current, smsMarketing: v })} />
        </div>
      </CardContent>
    </Card>
  );
}

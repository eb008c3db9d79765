"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/forms/form-field";
import { PhoneVerificationDialog } from "@/components/business/phone-verification-dialog";
import { AddressInput } from "@/components/account/address-input";
import { toast } from "@/hooks/use-toast";
import { apiJson, serverMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { businessSettingsSchema, type BusinessSettingsInput, type BusinessSettingsValues } from "@/lib/validation/account";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { SubmitButton } from "@/components/forms/submit-button";

// The business information form (spec 3 sections 5, 7 and 8): PUT /api/business with name,
// address, phone and website. The phone is shown read-only: a new number is proven with the
// phone verification dialog (a code texted to it), which saves it; the form sends the current one.

const valuesOf = (b: BusinessSettingsDto): BusinessSettingsInput => ({
  businessName: b.businessName,
  businessAddress: b.businessAddress,
  phone: b.phone,
  website: b.website ?? "",
});

export function BusinessInfoForm({ business }: { business: BusinessSettingsDto }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState(false);
  const form = useForm<BusinessSettingsInput, unknown, BusinessSettingsValues>({ resolver: zodResolver(businessSettingsSchema), defaultValues: valuesOf(business) });
  const save = useMutation({
    mutationFn: (values: BusinessSettingsValues) =>
      apiJson<{ message: string; business: BusinessSettingsDto }>("PUT", "/api/business", {
        businessName: values.businessName,
        businessAddress: values.businessAddress,
        phone: values.phone,
        website: values.website ?? "",
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.business, result.business);
      form.reset(valuesOf(result.business));
      void queryClient.invalidateQueries({ queryKey: queryKeys.setupProgress });
      toast({ title: "Business settings updated" });
      router.refresh(); // the header shows the business name
    },
    onError: (error) => toast({ variant: "destructive", title: "Error updating business settings", description: serverMessage(error, "Failed to update business settings") }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>business information</CardTitle>
        <CardDescription>shown to your customers in emails and on their loyalty cards.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4">
          <fieldset disabled={save.isPending} className="grid gap-4">
            <FormField label="business name" autoComplete="organization" error={errors.businessName?.message} {...form.register("businessName")} />
            <AddressInput label="business address" error={errors.businessAddress?.message} {...form.register("businessAddress")} />
            <div className="grid gap-1.5">
              <FormField
                label="phone number"
                type="tel"
                readOnly
                className="bg-muted/50"
                error={errors.phone?.message}
                hint="a new number is confirmed with a 4-digit code we text to it"
                {...form.register("phone")}
              />
              <div className="flex flex-wrap items-center gap-2">
                {business.phoneVerified ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden /> verified
                  </Badge>
                ) : (
                  <Badge variant="outline">not verified</Badge>
                )}
                <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setVerifying(true)}>
                  {business.phoneVerified ? "change number" : "verify number"}
                </Button>
              </div>
            </div>
            <FormField label="website (optional)" type="url" inputMode="url" autoComplete="url" placeholder="https://www.example.co.uk" error={errors.website?.message} {...form.register("website")} />
          </fieldset>
          <div>
            <SubmitButton pending={save.isPending} pendingLabel="saving...">
              save changes
            </SubmitButton>
          </div>
        </form>
      </CardContent>
      <PhoneVerificationDialog
        open={verifying}
        onOpenChange={setVerifying}
        phone={business.phone}
        businessName={business.businessName}
        onVerified={({ phone }) => {
          form.setValue("phone", phone, { shouldValidate: true });
          void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs });
        }}
      />
    </Card>
  );
}

"use client";

import { useEffect } from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton, SkeletonBlocks } from "@/components/ui/skeleton";
import { queryKeys } from "@/lib/client/query-keys";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import type { StaffListDto } from "@/lib/staff/staff-dto";
import type { ApiKeyDto } from "@/lib/api-keys/manage-api-keys";
import { AccountExplainer } from "@/components/account/account-explainer";
import { CapacityBanners } from "@/components/billing/capacity-banners";
import { MarketingPreferencesCard } from "@/components/account/marketing-preferences-card";
import { SubscriptionCard } from "@/components/account/subscription-card";
import { ReferralCard } from "@/components/account/referral-card";
import { StaffAccountsCard } from "@/components/account/staff-accounts-card";
import { ApiWebhooksCard } from "@/components/account/api-webhooks-card";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "@/components/account/webhooks-panel";
import { QueryState } from "@/components/ui/query-error";

// The account hub (/account, spec 3 section 2): explainer, plan banners, business information,
// marketing preferences, subscription and billing, referral link, staff logins. The business
// information form (form library, validation schemas, phone check, address lookup) is a chunk of
// its own, fetched while the account data loads: the form only shows once that data is in.
const loadBusinessInfoForm = () => import("@/components/account/business-info-form").then((m) => m.BusinessInfoForm);
const BusinessInfoForm = dynamic(loadBusinessInfoForm, { ssr: false, loading: () => <Skeleton className="h-96 w-full" /> });

export type SubscriptionUsage = { isAtLimit: boolean; subscriptionStatus: string; customersUsed: number; customersLimit: number | null };

/** The six reads the page makes on the server (lib/account/get-account-start.ts), as their routes
 *  answer them: each query starts from its answer instead of asking after hydration (issue 23). */
export type AccountStart = {
  business: BusinessSettingsDto;
  usage: SubscriptionUsage;
  staff: StaffListDto;
  apiKeys: { keys: ApiKeyDto[] };
  webhookEndpoints: { endpoints: WebhookEndpointRow[] };
  webhookDeliveries: { deliveries: WebhookDeliveryRow[] };
};

export function AccountHub({ start }: { start?: AccountStart }) {
  const business = useQuery<BusinessSettingsDto>({ queryKey: queryKeys.business, initialData: start?.business });
  const usage = useQuery<SubscriptionUsage>({ queryKey: queryKeys.subscriptionUsage, initialData: start?.usage });
  useEffect(() => void loadBusinessInfoForm().catch(() => {}), []);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">account hub</h1>
        <p className="text-sm text-muted-foreground">your business details, plan, referral link and staff logins.</p>
      </div>
      <AccountExplainer />

      <QueryState
        query={business}
        loading={<SkeletonBlocks label="Loading your account" heights={["h-96", "h-64"]} className="gap-6 lg:grid-cols-2" />}
        errorTitle="could not load your account"
      >
        {(data) => (
          <>
            {usage.data && (
              <CapacityBanners
                input={{
                  subscriptionStatus: data.subscriptionStatus,
                  paymentFailedAt: data.paymentFailedAt,
                  customersUsed: usage.data.customersUsed,
                  customersLimit: usage.data.customersLimit,
                }}
              />
            )}
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <BusinessInfoForm business={data} />
              <div className="grid gap-6">
                <SubscriptionCard
                  business={data}
                  customersUsed={usage.data?.customersUsed ?? data.customerCount}
                  customersLimit={usage.data ? usage.data.customersLimit : data.customerLimit}
                />
                <ReferralCard referralCode={data.referralCode} />
                <MarketingPreferencesCard business={data} />
              </div>
            </div>
            <StaffAccountsCard initial={start?.staff} />
            <ApiWebhooksCard start={start} />
            <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4 text-sm">
              <ListChecks className="size-5 text-primary" aria-hidden />
              <span className="flex-1">earn points for setting up your loyalty programme.</span>
              <Button asChild variant="outline" size="sm">
                <Link href="/onboarding">open the setup checklist</Link>
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}

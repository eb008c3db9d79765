"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";

// Read hooks of the billing countdowns (spec 2 section 7).

export type DowngradeStatus = { isDowngrading: boolean; requiresAction: boolean; daysRemaining: number | null; downgradeEffectiveAt: string | null };
export type PaymentFailureStatus = { requiresAction: boolean; daysRemaining: number | null; isUrgent: boolean; overLimit?: boolean };
export type TrialStatus = { hasActiveTrial: boolean; daysRemaining: number; trialEndDate: string | null };

export const useDowngradeStatus = () => useQuery<DowngradeStatus>({ queryKey: queryKeys.downgradeStatus });
export const usePaymentFailureStatus = () => useQuery<PaymentFailureStatus>({ queryKey: queryKeys.paymentFailureStatus });
export const useTrialStatus = () => useQuery<TrialStatus>({ queryKey: queryKeys.trialStatus });

/** Everything a billing change can move: plan, usage, countdowns and the customer lists. */
export function invalidateBilling(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.business, queryKeys.subscriptionUsage, queryKeys.downgradeStatus, queryKeys.paymentFailureStatus, queryKeys.trialStatus, queryKeys.customers, queryKeys.parkedCustomers].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => invalidateBilling(queryClient);
}

"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import type { PointsAuditTrailDto } from "@/lib/rates/audit-trail-dto";

// Data hooks of the points hub, and what each change refreshes (spec 2 section 7).

export const useBusinessProfile = () => useQuery<BusinessProfileDto>({ queryKey: queryKeys.businessProfile });

export const usePointsAuditTrail = () => useQuery<PointsAuditTrailDto>({ queryKey: queryKeys.pointsAuditTrail });

const refresh = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** After a minimum-redemption change: the business, its profile, the audit trail and the customers
 *  (each customer's own minimum changed too). */
export const refreshAfterMinimumRedemption = (queryClient: QueryClient) =>
  refresh(queryClient, [queryKeys.business, queryKeys.businessProfile, queryKeys.pointsAuditTrail, queryKeys.customers]);

/** After the new-customer rates change: the business, its profile and the audit trail. */
export const refreshAfterNewCustomerRates = (queryClient: QueryClient) =>
  refresh(queryClient, [queryKeys.business, queryKeys.businessProfile, queryKeys.pointsAuditTrail]);

/** After one customer's rates change: the customers and the audit trail. */
export const refreshAfterCustomerRates = (queryClient: QueryClient) => refresh(queryClient, [queryKeys.customers, queryKeys.pointsAuditTrail]);

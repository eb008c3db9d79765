import type { BusinessProfileDto } from "@/lib/business/business-dto";

/** What GET /api/business/profile answers for a new business: the spec's default rates on the
 *  starter plan, nothing changed yet. Written out here (not read from the code under test). */
export const NEW_BUSINESS_PROFILE: BusinessProfileDto = {
  pointsPerPound: 1,
  redemptionValue: "1.00",
  minimumRedemption: 100,
  newCustomerPointsPerPound: 1,
  newCustomerRedemptionValue: "1.00",
  minimumRedemptionUpdatedAt: null,
  minimumRedemptionUpdatedBy: null,
  previousMinimumRedemption: null,
  subscriptionStatus: "pro_starter",
  customerLimit: 10,
};

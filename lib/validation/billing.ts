import { z } from "zod";
import { dbId } from "@/lib/validation/id";

// Billing and parking inputs (spec 2 sections 5.9 and 7).

export const parkReason = z.enum(["downgrade_compliance", "payment_failure_compliance"], { error: "Reason must be downgrade_compliance or payment_failure_compliance" });
export const parkCustomerBody = z.object({ reason: parkReason });

export const reactivationCheckoutBody = z.object({
  reactivateCustomerId: dbId("Invalid customer", "Please choose a customer to reactivate"),
});

export const simulatedCompleteBody = z.object({
  token: z.string({ error: "This checkout link is invalid" }).min(1, "This checkout link is invalid").max(2000, "This checkout link is invalid"),
  outcome: z.enum(["paid", "failed"], { error: "Outcome must be paid or failed" }),
});

export const simulatedPortalBody = z.object({
  token: z.string({ error: "This portal link is invalid" }).min(1, "This portal link is invalid").max(2000, "This portal link is invalid"),
  action: z.enum(["update_payment", "cancel_subscription", "fail_renewal"], { error: "Unknown portal action" }),
});

export const PARK_NONE_SELECTED = "Please select customers to park.";

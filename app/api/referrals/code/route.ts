import { z } from "zod";
import { staffRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/api-error";
import { dbId } from "@/lib/validation/id";
import { getReferralCode } from "@/lib/referrals/get-referral-code";

// GET /api/referrals/code?customerId= - a customer's referral code and link (given on first ask)
export const GET = staffRoute({ query: z.object({ customerId: dbId("Invalid customer id", "Customer is required") }) }, async ({ auth, query }) => {
  const code = await getReferralCode(auth.businessId, query.customerId);
  if (!code) throw notFound("customer not found");
  return code;
});

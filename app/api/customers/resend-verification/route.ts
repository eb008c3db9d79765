import { businessRoute } from "@/lib/api/route";
import { pendingCustomerSchema } from "@/lib/validation/customers";
import { startCustomerVerification } from "@/lib/customers/start-customer-verification";

// POST /api/customers/resend-verification - text the pending customer a new code (throttled)
export const POST = businessRoute({ body: pendingCustomerSchema }, async ({ auth, body, now }) => {
  const sent = await startCustomerVerification(auth.businessId, body, now);
  return { phone: sent.phone, message: "A new verification code has been sent" };
});

import { businessRoute } from "@/lib/api/route";
import { pendingCustomerSchema } from "@/lib/validation/customers";
import { startCustomerVerification } from "@/lib/customers/start-customer-verification";

// POST /api/customers/send-verification - check a new customer can be added and text them a 4-digit code
export const POST = businessRoute({ body: pendingCustomerSchema }, ({ auth, body, now }) => startCustomerVerification(auth.businessId, body, now));

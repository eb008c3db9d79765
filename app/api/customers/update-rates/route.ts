import { businessRoute } from "@/lib/api/route";
import { updateCustomerRatesSchema } from "@/lib/validation/rates";
import { updateCustomerRates } from "@/lib/rates/update-customer-rates";

// POST /api/customers/update-rates - password-confirmed individual rates for one customer (not closed, snoozed or asleep)
export const POST = businessRoute({ body: updateCustomerRatesSchema }, ({ auth, body, now }) => updateCustomerRates(auth, body, now));

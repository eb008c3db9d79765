import { businessRoute } from "@/lib/api/route";
import { newCustomerRatesSchema } from "@/lib/validation/rates";
import { updateNewCustomerRates } from "@/lib/rates/update-new-customer-rates";

// PUT /api/business/new-customer-rates - password-confirmed starting rates for customers created from now on
export const PUT = businessRoute({ body: newCustomerRatesSchema }, ({ auth, body, now }) => updateNewCustomerRates(auth, body, now));

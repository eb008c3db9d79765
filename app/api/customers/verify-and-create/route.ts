import { businessRoute, json } from "@/lib/api/route";
import { verifyAndCreateSchema } from "@/lib/validation/customers";
import { createVerifiedCustomer } from "@/lib/customers/create-customer";

// POST /api/customers/verify-and-create - check the SMS code and create the customer with their card
export const POST = businessRoute({ body: verifyAndCreateSchema }, async ({ auth, body, now }) => {
  const customer = await createVerifiedCustomer(auth.businessId, body, auth.actor, now);
  return json({ customer, name: customer.name, phone: customer.phone, message: `Welcome ${customer.name}!` }, 201);
});

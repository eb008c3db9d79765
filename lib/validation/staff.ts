import { z } from "zod";
import { dbId } from "@/lib/validation/id";

// Spec 3 section 5: the staff login, messages word for word. The business ID is sent as an
// integer; the form's text value is converted by this schema.

export const STAFF_TRANSACTIONS_LIMIT = 5;

const BUSINESS_ID_MESSAGE = "Business ID is required";

export const staffBusinessId = dbId("Business ID must be a whole number", BUSINESS_ID_MESSAGE);

export const staffLoginSchema = z.object({
  businessId: staffBusinessId,
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username must be at most 100 characters"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters"),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;
export type StaffLoginValues = z.output<typeof staffLoginSchema>;

export const staffTransactionsQuery = z.object({
  customerId: dbId("please select a customer"),
});

import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";

// Spec 3 section 5: the staff login, messages word for word. The business ID is sent as an
// integer; the form's text value is converted by this schema.

export const STAFF_TRANSACTIONS_LIMIT = 5;

const BUSINESS_ID_MESSAGE = "Business ID is required";

export const staffBusinessId = z
  .union([z.number({ error: BUSINESS_ID_MESSAGE }), z.string({ error: BUSINESS_ID_MESSAGE }).trim()], { error: BUSINESS_ID_MESSAGE })
  .refine((v) => v !== "", BUSINESS_ID_MESSAGE)
  .transform((v) => (typeof v === "number" ? v : Number(v)))
  .refine((v) => Number.isInteger(v) && v > 0 && v <= MAX_DB_INT, "Business ID must be a whole number");

export const staffLoginSchema = z.object({
  businessId: staffBusinessId,
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100, "Username must be at most 100 characters"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters"),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;
export type StaffLoginValues = z.output<typeof staffLoginSchema>;

export const staffTransactionsQuery = z.object({
  customerId: z.coerce.number({ error: "please select a customer" }).int("please select a customer").positive("please select a customer").max(MAX_DB_INT, "please select a customer"),
});

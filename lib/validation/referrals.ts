import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { normaliseCode, REFERRAL_CODE_FORMAT } from "@/lib/rules/referrals";

// Refer a friend (issue 26). No server-only import: forms use it too.

export const referralSettingsSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  bonusPoints: z.number({ error: "Bonus points must be a whole number" }).int("Bonus points must be a whole number").min(0, "Bonus points must be between 0 and 10000").max(10000, "Bonus points must be between 0 and 10000"),
  monthlyCap: z.number({ error: "The monthly limit must be a whole number" }).int("The monthly limit must be a whole number").min(1, "The monthly limit must be between 1 and 100").max(100, "The monthly limit must be between 1 and 100"),
});

export const claimReferralSchema = z.object({
  customerId: dbId("Invalid customer id", "Customer is required"),
  code: z.string({ error: "Referral code is required" }).trim().min(1, "Referral code is required").max(20, "Referral code not found"),
  deviceId: z.string().trim().max(200, "Device id is too long").optional().nullable(),
});

/** The add-customer flow's optional "Referral code" (form and handlers): empty means none; spaces
 *  and dashes are ignored and letters uppercased; checked against the business's codes on send. */
export const optionalReferralCode = z
  .union([z.literal(""), z.null(), z.string({ error: REFERRAL_CODE_FORMAT }).trim().max(40, REFERRAL_CODE_FORMAT)])
  .optional()
  .transform((v) => (v ? normaliseCode(v) : null))
  .refine((v) => v === null || /^[A-Z0-9]{8}$/.test(v), REFERRAL_CODE_FORMAT);

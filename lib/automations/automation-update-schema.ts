// Issue 25: what PUT /api/automations/{kind} accepts, with the messages the Automations page shows.
// Its own module (not automation-rules.ts) so that the page's first load does not carry zod: the
// card imports this when the owner first saves (issue 23).
import { z } from "zod";
import { AUTOMATION_KINDS, MAX_INACTIVE_DAYS } from "@/lib/automations/automation-rules";

export const automationUpdateSchema = z
  .object({
    enabled: z.boolean(),
    sendEmail: z.boolean(),
    sendSms: z.boolean(),
    subject: z.string().trim().min(1, "Subject is required").max(150, "Subject must be at most 150 characters"),
    body: z.string().trim().min(1, "Message is required").max(1000, "Message must be at most 1000 characters"),
    daysBefore: z.number().int().min(0, "Days before must be between 0 and 30").max(30, "Days before must be between 0 and 30"),
    rewardType: z.enum(["points", "voucher"], { message: "Reward must be points or a voucher" }),
    rewardPoints: z.number().int().min(1, "Reward points must be between 1 and 10000").max(10000, "Reward points must be between 1 and 10000"),
    voucherPercent: z.number().int().min(1, "Voucher discount must be between 1% and 100%").max(100, "Voucher discount must be between 1% and 100%"),
    inactiveDays: z.number().int().min(7, `No visit for must be between 7 and ${MAX_INACTIVE_DAYS} days`).max(MAX_INACTIVE_DAYS, `No visit for must be between 7 and ${MAX_INACTIVE_DAYS} days`),
    pointsWithin: z.number().int().min(1, "Points within must be between 1 and 10000").max(10000, "Points within must be between 1 and 10000"),
  })
  .refine((v) => !v.enabled || v.sendEmail || v.sendSms, { message: "Choose email, SMS or both before switching an automation on", path: ["sendEmail"] });
export type AutomationUpdate = z.infer<typeof automationUpdateSchema>;

export const automationKindParam = z.object({ kind: z.enum(AUTOMATION_KINDS, { message: "unknown automation" }) });

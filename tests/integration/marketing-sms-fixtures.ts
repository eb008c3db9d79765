import { randomUUID } from "node:crypto";
import { PUT as updateAutomation } from "@/app/api/automations/[kind]/route";
import { defaultAutomation } from "@/lib/automations/automation-rules";
import { db } from "@/lib/db";
import { startOfUkMonth } from "@/lib/rules/vouchers";
import { call } from "../helpers/http";
import type { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// The 2-a-month marketing SMS limit's fixtures (spec 3 section 9), shared by the serial tests that
// race its deciders: a voucher send job, the daily automations, a send now and a send again.

export type Biz = Awaited<ReturnType<typeof createBusinessSession>>;

/** The reward-available automation switched on, by SMS only. */
export async function rewardAvailableBySms(biz: Biz) {
  const { kind: _k, ...defaults } = defaultAutomation("reward_available");
  const res = await call(updateAutomation, { method: "PUT", cookie: biz.cookie, params: { kind: "reward_available" }, body: { ...defaults, enabled: true, sendEmail: false, sendSms: true } });
  expect(res.status).toBe(200);
  return db.automation.findFirstOrThrow({ where: { businessId: biz.businessId, kind: "reward_available" } });
}

/** An SMS-only customer with a reward to redeem (an automation candidate) and `texts` marketing texts this month. */
export async function customerWithTexts(biz: Biz, texts: number) {
  const c = await insertCustomer(biz.businessId, { marketingConsentEmail: false, marketingConsentSms: true });
  await db.$executeRaw`UPDATE customers SET "totalPoints" = 500, "minimumRedemption" = 100 WHERE id = ${c.id}`;
  await db.pointsLedgerEntry.create({ data: { businessId: biz.businessId, customerId: c.id, kind: "bonus", points: 500, balanceAfter: 500, reason: "fixture", actorType: "system" } });
  for (let i = 0; i < texts; i++) {
    await db.outboundMessage.create({ data: { businessId: biz.businessId, customerId: c.id, channel: "sms", recipient: c.phone, emailType: "voucher", text: "earlier voucher", provider: "simulated", simulated: true, status: "sent" } });
  }
  return c;
}

/** A queued voucher send job that texts one customer, not started. */
export async function smsJobFor(biz: Biz, customerId: number, now: Date) {
  const job = await db.voucherSendJob.create({
    data: {
      businessId: biz.businessId, batchId: randomUUID(), title: "Cap test", promoCode: `CAP${randomUUID().slice(0, 6).toUpperCase()}`, discountType: "fixed", discountValue: 2,
      sendEmail: false, sendSms: true, audience: { allEligible: false }, status: "queued", total: 1, createdBy: "test", createdAt: now,
    },
  });
  await db.voucherSendJobRecipient.create({ data: { jobId: job.id, customerId } });
  return job;
}

/** Marketing texts sent to the customer this month, as the outbox holds them. */
export const textsThisMonth = (customerId: number, now: Date) =>
  db.outboundMessage.count({ where: { customerId, channel: "sms", status: "sent", emailType: { in: ["voucher", "automation"] }, sentAt: { gte: startOfUkMonth(now) } } });

/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { runAutomations } from "@/lib/automations/run-automations";
import { db } from "@/lib/db";
import { processVoucherSendJob } from "@/lib/vouchers/process-voucher-send-jobs";
import { createBusinessSession } from "../helpers/factories";
import { customerWithTexts, rewardAvailableBySms, smsJobFor, textsThisMonth, type Biz } from "./marketing-sms-fixtures";

// Spec 3 section 9: SMS marketing at most 2 per month per customer, vouchers and automations
// together. A voucher send job and the daily automations decide who gets a text, then send it a
// moment later: a decision already taken (a job's recipient given its voucher, an automation's
// claim) must count at once, or both see room for the same last text. The automation run acts on
// every business with automations on, so this file runs in the serial phase.

/** A voucher send job texting one customer, as a worker leaves it between its two steps: the
 *  customer's voucher created (the rules passed), the text not sent yet. */
async function jobBetweenCreateAndSend(biz: Biz, customerId: number, now: Date) {
  const batchId = randomUUID();
  const promoCode = `CAP${randomUUID().slice(0, 6).toUpperCase()}`;
  const job = await db.voucherSendJob.create({
    data: {
      businessId: biz.businessId, batchId, title: "Cap test", promoCode, discountType: "fixed", discountValue: 2, sendEmail: false, sendSms: true,
      audience: { allEligible: false }, status: "running", total: 1, createdBy: "test", createdAt: now, startedAt: now,
    },
  });
  const voucher = await db.voucher.create({ data: { businessId: biz.businessId, customerId, batchId, promoCode, title: "Cap test", discountType: "fixed", discountValue: 2, createdAt: now } });
  await db.voucherSendJobRecipient.create({ data: { jobId: job.id, customerId, status: "created", voucherId: voucher.id, claimedBy: "gone", claimedUntil: new Date(now.getTime() - 1000), attempts: 1 } });
  return job;
}

afterEach(async () => {
  await db.automation.updateMany({ data: { enabled: false } });
});

describe("the 2-a-month marketing SMS limit, a voucher send job and the automations at once", () => {
  it("the automation does not text a customer whose job text is decided but not sent; the job then sends it: 2 in the month", async () => {
    const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`); // daytime: SMS allowed
    const biz = await createBusinessSession();
    await rewardAvailableBySms(biz);
    const c = await customerWithTexts(biz, 1);
    const job = await jobBetweenCreateAndSend(biz, c.id, now);

    await runAutomations(now);
    expect(await db.automationSend.count({ where: { customerId: c.id } })).toBe(0); // SMS closed by the limit: no channel today
    expect(await textsThisMonth(c.id, now)).toBe(1);

    expect(await processVoucherSendJob(job.id, { worker: "resumer", now: () => now })).toMatchObject({ sent: 1 });
    expect(await textsThisMonth(c.id, now)).toBe(2);
  });

  it("a job skips a customer whose automation text is claimed but not sent yet", async () => {
    const now = new Date();
    const biz = await createBusinessSession();
    const automation = await rewardAvailableBySms(biz);
    const c = await customerWithTexts(biz, 1);
    // The daily run has claimed this customer's text (the claim is its lease) and is sending it.
    await db.automationSend.create({
      data: {
        businessId: biz.businessId, automationId: automation.id, customerId: c.id, occasion: "reward_available:0", kind: "reward_available", reason: "test",
        emailWanted: false, smsWanted: true, status: "claimed", createdAt: now, leaseUntil: new Date(now.getTime() + 15 * 60_000),
      },
    });
    const job = await smsJobFor(biz, c.id, now);

    expect(await processVoucherSendJob(job.id, { worker: "w", now: () => now })).toMatchObject({ sent: 0, skipped: 1 });
    expect(await db.voucherSendJobRecipient.findFirstOrThrow({ where: { jobId: job.id } })).toMatchObject({ status: "skipped", reason: "had 2 marketing texts this month" });
    expect(await textsThisMonth(c.id, now)).toBe(1);
  });
});

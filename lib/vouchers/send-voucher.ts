import "server-only";
import { db } from "@/lib/db";
import { ApiError, conflict } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { cannotSendMessage, effectiveVoucherStatus } from "@/lib/rules/vouchers";
import type { SendVoucher } from "@/lib/validation/vouchers";
import { getVoucherOrThrow } from "@/lib/vouchers/get-voucher-or-throw";
import { sendVoucherEmail, sendVoucherSms } from "@/lib/vouchers/distribute-vouchers";
import { assertCanReceiveVouchers, assertConsents, assertSmsAllowance, holdMarketingSms, lockRecipients, releaseMarketingSmsHold } from "@/lib/vouchers/check-recipients";
import { emitVouchersSent } from "@/lib/outgoing-webhooks/emit-webhook-events";

// POST /api/promos/{id}/send (spec 7): sends one live voucher again by email or SMS, with the same
// consent, account-state and SMS-allowance rules as a new voucher. While email is simulated the
// answer carries the email as it would have been sent (simulatedEmail). A text is decided under the
// customer's row lock and held against the 2-a-month limit until it is sent (holdMarketingSms), as
// a send now, a send job and the automations decide theirs.

/** The customer's row lock may be held by a send job's batch or an automation chunk for a while. */
const LOCK_WAIT = { timeout: 20_000, maxWait: 10_000 };

export async function sendVoucherAgain(auth: BusinessPrincipal, id: number, input: SendVoucher, now: Date) {
  const v = await getVoucherOrThrow(auth.businessId, id);
  const status = effectiveVoucherStatus(v, now);
  if (status !== "active") throw conflict(cannotSendMessage(status));
  const channels = { sendEmail: input.method === "email", sendSms: input.method === "sms" };
  assertCanReceiveVouchers([v.customer]);
  assertConsents([v.customer], channels);
  const smsHold = channels.sendSms
    ? await db.$transaction(async (tx) => {
        await lockRecipients(tx, auth.businessId, [v.customer.id]);
        await assertSmsAllowance([v.customer], now, tx);
        return (await holdMarketingSms(tx, auth.businessId, [{ customerId: v.customer.id, voucherId: v.id }], now)).get(v.id);
      }, LOCK_WAIT)
    : undefined;

  const outgoing = { ...v, discountValue: Number(v.discountValue), customer: v.customer };
  const result = input.method === "email" ? await sendVoucherEmail(outgoing, auth.business.name) : await sendVoucherSms(outgoing, auth.business.name);
  if (smsHold !== undefined) await releaseMarketingSmsHold(smsHold);
  if (result.status !== "sent") throw new ApiError("service_unavailable", "failed to send voucher - please try again");

  await db.voucher.update({ where: { id: v.id }, data: input.method === "email" ? { sentByEmail: true } : { sentBySms: true } });
  emitVouchersSent(auth.businessId, [v.id]); // webhooks (issue 27)
  await logActivity({
    businessId: auth.businessId,
    actor: auth.actor,
    action: "voucher_sent",
    description: `Sent voucher "${v.title}" (${v.promoCode}) again to ${v.customer.name} by ${input.method === "email" ? "email" : "SMS"}`,
    tableName: "vouchers",
    recordId: v.id,
    newValues: { method: input.method },
  });

  const answer: Record<string, unknown> = { success: true, method: input.method, message: `voucher sent to ${v.customer.name}` };
  if (input.method === "email" && result.simulated) {
    const sent = await db.outboundMessage.findUniqueOrThrow({ where: { id: result.id }, select: { recipient: true, subject: true, html: true } });
    answer.simulatedEmail = { to: sent.recipient, subject: sent.subject, content: sent.html };
  }
  return answer;
}

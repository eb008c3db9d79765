import "server-only";
import { db } from "@/lib/db";
import { mapLimited } from "@/lib/map-limited";
import { sendEmail, type SendResult } from "@/lib/email/send-email";
import { sendSms } from "@/lib/sms/send-sms";
import type { Channels } from "@/lib/rules/vouchers";
import { releaseMarketingSmsHold } from "@/lib/vouchers/check-recipients";
import { renderVoucherEmail, renderVoucherSms, type VoucherContent } from "@/lib/vouchers/render-voucher-message";

// Sends each new voucher to its customer through the chosen channels, a few at a time (a real
// provider is a network call per message), and records which channels reached the customer.
// Consent was checked before the vouchers were created; every message lands in outbound_messages.
// A text held against the monthly limit (smsHolds, by voucher id) is released once its outcome is
// in the outbox.

const CONCURRENCY = 5;

export type OutgoingVoucher = VoucherContent & {
  id: number;
  businessId: number;
  customer: { id: number; firstName: string; email: string; phone: string };
};

export function sendVoucherEmail(v: OutgoingVoucher, businessName: string, kind: "new" | "updated" = "new", idempotencyKey?: string): Promise<SendResult> {
  const email = renderVoucherEmail(v, businessName, v.customer.firstName, kind);
  return sendEmail({ to: v.customer.email, email, emailType: "voucher", businessId: v.businessId, customerId: v.customer.id, idempotencyKey });
}

export function sendVoucherSms(v: OutgoingVoucher, businessName: string) {
  return sendSms({ to: v.customer.phone, body: renderVoucherSms(v, businessName), purpose: "voucher", businessId: v.businessId, customerId: v.customer.id });
}

export async function distributeVouchers(vouchers: OutgoingVoucher[], channels: Channels, businessName: string, smsHolds?: Map<number, bigint>) {
  const results = await mapLimited(vouchers, CONCURRENCY, async (v) => {
    const email = channels.sendEmail ? await sendVoucherEmail(v, businessName) : null;
    const sms = channels.sendSms ? await sendVoucherSms(v, businessName) : null;
    const hold = smsHolds?.get(v.id);
    if (sms && hold !== undefined) await releaseMarketingSmsHold(hold);
    return { id: v.id, email: email?.status === "sent", sms: sms?.status === "sent" };
  });
  const emailed = results.filter((r) => r.email).map((r) => r.id);
  const texted = results.filter((r) => r.sms).map((r) => r.id);
  if (emailed.length) await db.voucher.updateMany({ where: { id: { in: emailed } }, data: { sentByEmail: true } });
  if (texted.length) await db.voucher.updateMany({ where: { id: { in: texted } }, data: { sentBySms: true } });
  return { emailsSent: emailed.length, smsSent: texted.length };
}

import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { completeSetupSteps } from "@/lib/onboarding/complete-setup-steps";
import { endOfUkDay, formatVoucherDiscount } from "@/lib/rules/vouchers";
import { checkExpiryDay } from "@/lib/vouchers/check-expiry";
import type { CreateVoucher } from "@/lib/validation/vouchers";
import { toVoucherDto } from "@/lib/vouchers/voucher-dto";
import { voucherColumns } from "@/lib/vouchers/voucher-columns";
import { distributeVouchers } from "@/lib/vouchers/distribute-vouchers";
import { emitVouchersSent } from "@/lib/outgoing-webhooks/emit-webhook-events";
import {
  assertCanReceiveVouchers,
  assertCodeFree,
  assertConsents,
  assertNoVoucherThisWeek,
  assertSmsAllowance,
  holdMarketingSms,
  lockRecipients,
  type Recipient,
} from "@/lib/vouchers/check-recipients";

// POST /api/promos (spec 5.7): one voucher row per customer, all created in one transaction after
// every check passed, then distributed by email and/or SMS. The selected customers' rows are
// locked first, so two creates for the same customer at once cannot both pass the weekly rule. The
// texts decided are held (holdMarketingSms) in the same transaction, so a send job, the automations
// or a send again deciding while they go out count them against the 2-a-month limit.

export const EXPIRY_PAST_MESSAGE = "expiry date must not be in the past";

export async function createVouchers(auth: BusinessPrincipal, input: CreateVoucher, now: Date) {
  checkExpiryDay(input.expiresAt, now, EXPIRY_PAST_MESSAGE);
  const businessId = auth.businessId;
  const channels = { sendEmail: input.sendEmail, sendSms: input.sendSms };
  const expiresAt = endOfUkDay(input.expiresAt);
  const batchId = randomUUID();

  const { created, customers, smsHolds } = await db.$transaction(
    async (tx) => {
      await lockRecipients(tx, businessId, input.customerIds);
      const customers = await tx.customer.findMany({
        where: { businessId, id: { in: input.customerIds }, accountStatus: { not: "archived" } },
        select: {
          id: true, name: true, firstName: true, email: true, phone: true, accountStatus: true, sleepStatus: true, parkedAt: true,
          marketingConsentEmail: true, marketingConsentSms: true,
        },
        orderBy: { id: "asc" },
      });
      if (customers.length !== input.customerIds.length) throw notFound("Customer not found");
      const recipients: Recipient[] = customers;
      assertCanReceiveVouchers(recipients);
      assertConsents(recipients, channels);
      await assertNoVoucherThisWeek(tx, businessId, recipients, now);
      if (channels.sendSms) await assertSmsAllowance(recipients, now, tx);
      await assertCodeFree(tx, businessId, recipients, input.promoCode, now);

      const created = await tx.voucher.createManyAndReturn({
        data: customers.map((c) => ({
          businessId,
          customerId: c.id,
          batchId,
          ...voucherColumns(input),
          createdAt: now,
          updatedAt: now,
        })),
        include: { customer: { select: { id: true, name: true, email: true } } },
      });
      const via = [channels.sendEmail && "email", channels.sendSms && "SMS"].filter(Boolean).join(" and ");
      await logActivity(
        {
          businessId,
          actor: auth.actor,
          action: "voucher_batch_created",
          description: `Sent voucher "${input.title}" (${input.promoCode}, ${formatVoucherDiscount(input.discountType, input.discountValue)}) to ${created.length} customer${created.length === 1 ? "" : "s"} by ${via}`,
          tableName: "vouchers",
          recordId: batchId,
          newValues: { batchId, promoCode: input.promoCode, customerIds: input.customerIds, sendEmail: channels.sendEmail, sendSms: channels.sendSms, expiresAt: expiresAt.toISOString() },
        },
        tx,
      );
      await completeSetupSteps(tx, businessId, ["create_voucher"], now);
      const smsHolds = channels.sendSms ? await holdMarketingSms(tx, businessId, created.map((v) => ({ customerId: v.customerId, voucherId: v.id })), now) : undefined;
      return { created, customers, smsHolds };
    },
    { timeout: 20_000 },
  );

  const byId = new Map(customers.map((c) => [c.id, c]));
  const outgoing = created.map((v) => ({
    ...v,
    discountValue: Number(v.discountValue),
    customer: byId.get(v.customerId)!,
  }));
  const { emailsSent, smsSent } = await distributeVouchers(outgoing, channels, auth.business.name, smsHolds);
  emitVouchersSent(auth.businessId, created.map((v) => v.id)); // webhooks (issue 27)
  const fresh = await db.voucher.findMany({ where: { batchId, businessId }, include: { customer: { select: { id: true, name: true, email: true } } }, orderBy: { id: "asc" } });
  return {
    message: `voucher created and distributed to ${created.length} customer${created.length === 1 ? "" : "s"}`,
    batchId,
    customersProcessed: created.length,
    emailsSent,
    smsSent,
    vouchers: fresh.map((v) => toVoucherDto(v, now)),
  };
}

import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/principal";
import { badRequest, conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { CLOSED_ACCOUNT, PARKED } from "@/lib/ledger/ledger-rules";
import { getReferralSettings } from "@/lib/referrals/get-referral-settings";
import { CODE_NOT_FOUND, monthStart, normaliseCode, normaliseEmail, REFERRALS_OFF, REFERRER_INACTIVE, referralRefusal } from "@/lib/referrals/referral-rules";

export const deviceHash = (device: string | null | undefined) => (device ? createHash("sha256").update(device.trim()).digest("hex") : null);

/** POST /api/referrals/claim: a new customer (the friend) joined with a referrer's code. Records the
 *  pending referral; both earn the bonus at the friend's first purchase (reward-referral.ts). Refuses
 *  self-referral, a friend already referred or already buying, a phone/email/device used for an
 *  earlier referral, a referrer over this month's cap, parked friends and inactive referrers. The
 *  referrer's row is locked first, so concurrent claims cannot pass the cap together. */
export async function claimReferral(businessId: number, input: { customerId: number; code: string; deviceId?: string | null }, actor: Actor, now = new Date()) {
  const settings = await getReferralSettings(businessId);
  if (!settings.enabled) throw conflict(REFERRALS_OFF);
  const code = normaliseCode(input.code);
  const device = deviceHash(input.deviceId);
  return db.$transaction(async (tx) => {
    const [referrer] = await tx.$queryRaw<{ id: number; name: string; email: string; phone: string; accountStatus: string; sleepStatus: string; parkedAt: Date | null }[]>`
      SELECT id, name, email, phone, "accountStatus", "sleepStatus", "parkedAt" FROM customers
      WHERE "referralCode" = ${code} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
    if (!referrer) throw notFound(CODE_NOT_FOUND);
    if (referrer.accountStatus !== "active" || referrer.parkedAt || !["active", "awake"].includes(referrer.sleepStatus)) throw conflict(REFERRER_INACTIVE);
    const friend = await tx.customer.findFirst({ where: { id: input.customerId, businessId, accountStatus: { not: "archived" } }, select: { id: true, name: true, email: true, phone: true, parkedAt: true, accountStatus: true } });
    if (!friend) throw notFound("customer not found");
    if (friend.parkedAt) throw conflict(PARKED);
    if (friend.accountStatus === "closed") throw conflict(CLOSED_ACCOUNT);
    const email = normaliseEmail(friend.email);
    const [alreadyReferred, hasPurchased, seen, thisMonth, referrerAsFriend] = await Promise.all([
      tx.customerReferral.count({ where: { businessId, friendId: friend.id } }),
      tx.transaction.count({ where: { businessId, customerId: friend.id, type: "purchase" } }),
      tx.customerReferral.count({ where: { businessId, OR: [{ friendEmail: email }, { friendPhone: friend.phone }, ...(device ? [{ deviceHash: device }] : [])] } }),
      tx.customerReferral.count({ where: { businessId, referrerId: referrer.id, createdAt: { gte: monthStart(now) } } }),
      tx.customerReferral.findFirst({ where: { businessId, friendId: referrer.id }, select: { deviceHash: true } }),
    ]);
    const refused = referralRefusal({
      referrer, friend: { ...friend, alreadyReferred: alreadyReferred > 0, hasPurchased: hasPurchased > 0 },
      referrerDevice: referrerAsFriend?.deviceHash ?? null, device, seen, thisMonth, cap: settings.monthlyCap,
    });
    if (refused) throw badRequest(refused);
    const r = await tx.customerReferral.create({
      data: { businessId, referrerId: referrer.id, friendId: friend.id, friendName: friend.name, friendEmail: email, friendPhone: friend.phone, deviceHash: device, createdAt: now },
    });
    await logActivity({ businessId, actor, action: "referral_claimed", description: `${friend.name} joined with ${referrer.name}'s referral code`, tableName: "customer_referrals", recordId: r.id }, tx);
    return { message: "Referral recorded: both earn the bonus at the first purchase", referral: { id: r.id, referrerId: referrer.id, referrerName: referrer.name, friendId: friend.id, status: r.status } };
  });
}

import "server-only";
import { createHash } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";
import { ApiError, badRequest, conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { CLOSED_ACCOUNT, PARKED } from "@/lib/rules/ledger";
import { getReferralSettings } from "@/lib/referrals/get-referral-settings";
import { CODE_NOT_FOUND, monthStart, normaliseCode, normaliseEmail, REFERRALS_OFF, REFERRER_INACTIVE, referralRefusal } from "@/lib/rules/referrals";

export const deviceHash = (device: string | null | undefined) => (device ? createHash("sha256").update(device.trim()).digest("hex") : null);

type Friend = { id: number | null; name: string; email: string; phone: string; parkedAt: Date | null; accountStatus: string };
type Referrer = { id: number; name: string; email: string; phone: string; accountStatus: string; sleepStatus: string; parkedAt: Date | null };

/** The referrer by code, their row locked first (in the caller's transaction), so concurrent
 *  claims cannot pass the monthly cap together. */
async function lockReferrer(tx: Tx, businessId: number, code: string): Promise<Referrer> {
  const [referrer] = await tx.$queryRaw<Referrer[]>`
    SELECT id, name, email, phone, "accountStatus", "sleepStatus", "parkedAt" FROM customers
    WHERE "referralCode" = ${code} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
  if (!referrer) throw notFound(CODE_NOT_FOUND);
  if (referrer.accountStatus !== "active" || referrer.parkedAt || !["active", "awake"].includes(referrer.sleepStatus)) throw conflict(REFERRER_INACTIVE);
  return referrer;
}

/** The friend's side of a claim (lib/rules/referrals.ts). friend.id null = a customer not yet added (the
 *  add-customer flow checks before texting the code). Throws the refusal. */
async function checkFriend(tx: Tx, businessId: number, referrer: Referrer, friend: Friend, device: string | null, cap: number, now: Date): Promise<void> {
  if (friend.parkedAt) throw conflict(PARKED);
  if (friend.accountStatus === "closed") throw conflict(CLOSED_ACCOUNT);
  const email = normaliseEmail(friend.email);
  const [alreadyReferred, hasPurchased, seen, thisMonth, referrerAsFriend] = await Promise.all([
    friend.id === null ? 0 : tx.customerReferral.count({ where: { businessId, friendId: friend.id } }),
    friend.id === null ? 0 : tx.transaction.count({ where: { businessId, customerId: friend.id, type: "purchase" } }),
    tx.customerReferral.count({ where: { businessId, OR: [{ friendEmail: email }, { friendPhone: friend.phone }, ...(device ? [{ deviceHash: device }] : [])] } }),
    tx.customerReferral.count({ where: { businessId, referrerId: referrer.id, createdAt: { gte: monthStart(now) } } }),
    tx.customerReferral.findFirst({ where: { businessId, friendId: referrer.id }, select: { deviceHash: true } }),
  ]);
  const refused = referralRefusal({
    referrer, friend: { ...friend, id: friend.id ?? -1, alreadyReferred: alreadyReferred > 0, hasPurchased: hasPurchased > 0 },
    referrerDevice: referrerAsFriend?.deviceHash ?? null, device, seen, thisMonth, cap,
  });
  if (refused) throw badRequest(refused);
}

/** Records the pending referral (and its activity row) in the caller's transaction. */
async function recordClaim(tx: Tx, businessId: number, referrer: Referrer, friend: Friend & { id: number }, device: string | null, actor: Actor, now: Date) {
  const r = await tx.customerReferral.create({
    data: { businessId, referrerId: referrer.id, friendId: friend.id, friendName: friend.name, friendEmail: normaliseEmail(friend.email), friendPhone: friend.phone, deviceHash: device, createdAt: now },
  });
  await logActivity({ businessId, actor, action: "referral_claimed", description: `${friend.name} joined with ${referrer.name}'s referral code`, tableName: "customer_referrals", recordId: r.id }, tx);
  return { id: r.id, referrerId: referrer.id, referrerName: referrer.name, friendId: friend.id, status: r.status };
}

/** POST /api/referrals/claim: a new customer (the friend) joined with a referrer's code. Records the
 *  pending referral; both earn the bonus at the friend's first purchase (reward-referral.ts). Refuses
 *  self-referral, a friend already referred or already buying, a phone/email/device used for an
 *  earlier referral, a referrer over this month's cap, parked friends and inactive referrers. */
export async function claimReferral(businessId: number, input: { customerId: number; code: string; deviceId?: string | null }, actor: Actor, now = new Date()) {
  const settings = await getReferralSettings(businessId);
  if (!settings.enabled) throw conflict(REFERRALS_OFF);
  const code = normaliseCode(input.code);
  const device = deviceHash(input.deviceId);
  return db.$transaction(async (tx) => {
    const referrer = await lockReferrer(tx, businessId, code);
    const friend = await tx.customer.findFirst({ where: { id: input.customerId, businessId, accountStatus: { not: "archived" } }, select: { id: true, name: true, email: true, phone: true, parkedAt: true, accountStatus: true } });
    if (!friend) throw notFound("customer not found");
    await checkFriend(tx, businessId, referrer, friend, device, settings.monthlyCap, now);
    return { message: "Referral recorded: both earn the bonus at the first purchase", referral: await recordClaim(tx, businessId, referrer, friend, device, actor, now) };
  });
}

/** The add-customer flow's "Referral code" field (issue 26): any refusal is a 400 naming the field,
 *  so the form shows it next to the code. */
const asFieldError = (e: unknown): unknown => (e instanceof ApiError ? badRequest(e.message, { field: "referralCode" }) : e);

/** Before the verification code is texted: would this new customer's referral code be accepted?
 *  (Read only; the same checks run again as the customer is created.) */
export async function checkReferralForNewCustomer(businessId: number, customer: { name: string; email: string; phone: string }, code: string, now = new Date()): Promise<void> {
  const settings = await getReferralSettings(businessId);
  try {
    if (!settings.enabled) throw conflict(REFERRALS_OFF);
    await db.$transaction(async (tx) => {
      const referrer = await lockReferrer(tx, businessId, normaliseCode(code));
      await checkFriend(tx, businessId, referrer, { ...customer, id: null, parkedAt: null, accountStatus: "active" }, null, settings.monthlyCap, now);
    });
  } catch (e) {
    throw asFieldError(e);
  }
}

/** As the customer is created, in the creating transaction: the claim is recorded, or the refusal
 *  is thrown and nothing of the customer is kept. */
export async function claimReferralForNewCustomer(tx: Tx, businessId: number, customer: { id: number; name: string; email: string; phone: string }, code: string, actor: Actor, now = new Date()) {
  const settings = await getReferralSettings(businessId, tx);
  try {
    if (!settings.enabled) throw conflict(REFERRALS_OFF);
    const friend = { ...customer, parkedAt: null, accountStatus: "active" };
    const referrer = await lockReferrer(tx, businessId, normaliseCode(code));
    await checkFriend(tx, businessId, referrer, friend, null, settings.monthlyCap, now);
    return await recordClaim(tx, businessId, referrer, friend, null, actor, now);
  } catch (e) {
    throw asFieldError(e);
  }
}

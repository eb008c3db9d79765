/** @jest-environment node */
import { POST as createTransaction } from "@/app/api/transactions/route";
import { PUT as editTransaction, DELETE as deleteTransaction } from "@/app/api/transactions/[id]/route";
import { PUT as putTiers } from "@/app/api/tiers/route";
import { PUT as putReferralSettings } from "@/app/api/referrals/settings/route";
import { POST as claim } from "@/app/api/referrals/claim/route";
import { GET as referralCode } from "@/app/api/referrals/code/route";
import { POST as sendVerification } from "@/app/api/customers/send-verification/route";
import { POST as verifyAndCreate } from "@/app/api/customers/verify-and-create/route";
import { CODE_NOT_FOUND, REFERRAL_CODE_FORMAT, REFERRALS_OFF, REFERRER_INACTIVE, REPEAT_REFERRAL } from "@/lib/rules/referrals";
import { db } from "@/lib/db";
import { findPassCardById } from "@/lib/wallet/pass-card";
import { passTier } from "@/lib/wallet/pass-fields";
import { call } from "../helpers/http";
import { createStaffSession, pendingCustomer } from "../helpers/factories";
import { addCustomer, lastCodeTo } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

// Issue 26, the pieces finished after the first landing: points other than a purchase's move a
// customer up at once; the purchase's answer shows the balance and tier after the referral bonus.

const business = ledgerCheckedBusinesses();
type Recorded = { transaction: { id: number; customer: { totalPoints: number } }; customer: { totalPoints: number; tier: string | null }; balance: number };
const record = (cookie: string, body: Record<string, unknown>) => call<Recorded>(createTransaction, { method: "POST", cookie, body });
const TIERS = [{ name: "Bronze", threshold: 0, multiplier: 1 }, { name: "Silver", threshold: 500, multiplier: 1.25 }, { name: "Gold", threshold: 1500, multiplier: 1.5 }];
const tiersOn = (cookie: string) => call(putTiers, { method: "PUT", cookie, body: { enabled: true, basis: "lifetime_points", tiers: TIERS } });
const tierOf = async (id: number) => (await db.customer.findUniqueOrThrow({ where: { id } })).tierName;

describe("points other than a purchase's move a customer up at once", () => {
  it("bonus points crossing the threshold: up to Silver, recorded with a reason naming the bonus, the pass changed, the answer says Silver", async () => {
    const biz = await business();
    const c = await addCustomer(biz.cookie);
    await tiersOn(biz.cookie);
    await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "450.00" });
    expect(await tierOf(c.id)).toBe("Bronze");
    const card = await db.loyaltyCard.findFirstOrThrow({ where: { customerId: c.id } });
    const staff = await createStaffSession(biz.businessId);
    const res = await record(staff.cookie, { customerId: c.id, type: "bonus_points", amount: 60, description: "Thank you" });
    expect(res.status).toBe(201);
    expect(await tierOf(c.id)).toBe("Silver");
    expect(res.json.customer).toMatchObject({ totalPoints: 510, tier: "Silver" });
    const change = await db.tierChange.findFirstOrThrow({ where: { customerId: c.id, toTier: "Silver" } });
    expect(change).toMatchObject({ fromTier: "Bronze", direction: "up", reason: "Reached Silver: 510 lifetime points (threshold 500), after bonus points" });
    const after = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(after.passUpdatedAt.getTime()).toBeGreaterThan(card.passUpdatedAt.getTime());
    expect(passTier((await findPassCardById(card.id))!)).toBe("Silver");
    // The multiplier applies from the next purchase.
    expect((await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "10.00" })).json.customer.totalPoints).toBe(522);
  });

  it("goodwill, a positive adjustment and an upward correction move up too", async () => {
    const biz = await business();
    await tiersOn(biz.cookie);
    const [g, a, e] = [await addCustomer(biz.cookie), await addCustomer(biz.cookie), await addCustomer(biz.cookie)];
    await record(biz.cookie, { customerId: g.id, type: "goodwill_points", amount: 500, description: "Sorry about the wait" });
    expect(await tierOf(g.id)).toBe("Silver");
    expect((await db.tierChange.findFirstOrThrow({ where: { customerId: g.id, toTier: "Silver" } })).reason).toMatch(/after goodwill points$/);
    await record(biz.cookie, { customerId: a.id, type: "points_adjustment", pointsAdjustment: 1500, description: "Card moved from paper" });
    expect(await tierOf(a.id)).toBe("Gold");
    const bought = await record(biz.cookie, { customerId: e.id, type: "purchase", amount: "100.00" });
    expect(await tierOf(e.id)).toBe("Bronze");
    const edited = await call(editTransaction, {
      method: "PUT",
      cookie: biz.cookie,
      path: `/api/transactions/${bought.json.transaction.id}`,
      params: { id: String(bought.json.transaction.id) },
      body: { type: "purchase", amount: "100.00", pointsEarned: 600, pointsRedeemed: 0, description: "till typo" },
    });
    expect(edited.status).toBe(200);
    expect(await tierOf(e.id)).toBe("Silver");
    expect((await db.tierChange.findFirstOrThrow({ where: { customerId: e.id, toTier: "Silver" } })).reason).toMatch(/after transaction #\d+ was corrected$/);
  });
});

describe("a deleted redemption gives points back to spend, not lifetime points", () => {
  it("redeeming never lowered the lifetime measure, so undoing it does not raise it: no move up", async () => {
    const biz = await business();
    await tiersOn(biz.cookie);
    const c = await addCustomer(biz.cookie);
    await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "450.00" });
    const redeemed = await record(biz.cookie, { customerId: c.id, type: "points_redemption", pointsToRedeem: 100 });
    expect(redeemed.status).toBe(201);
    const id = redeemed.json.transaction.id;
    const removed = await call(deleteTransaction, { method: "DELETE", cookie: biz.cookie, path: `/api/transactions/${id}`, params: { id: String(id) }, body: { reason: "incorrectly_posted" } });
    expect(removed.status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(450);
    expect(await tierOf(c.id)).toBe("Bronze"); // 450 lifetime points, not 550
    expect(await db.tierChange.count({ where: { customerId: c.id, toTier: "Silver" } })).toBe(0);
  });

  it("a deleted purchase still takes its earned points off the lifetime measure", async () => {
    const biz = await business();
    await tiersOn(biz.cookie);
    const c = await addCustomer(biz.cookie);
    const first = await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "300.00" });
    const id = first.json.transaction.id;
    expect((await call(deleteTransaction, { method: "DELETE", cookie: biz.cookie, path: `/api/transactions/${id}`, params: { id: String(id) }, body: { reason: "incorrectly_posted" } })).status).toBe(200);
    await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "300.00" });
    expect(await tierOf(c.id)).toBe("Bronze"); // 300 lifetime points, not 600
  });

  it("a deleted negative adjustment gives its points back to the measure and moves the customer up", async () => {
    const biz = await business();
    await tiersOn(biz.cookie);
    const c = await addCustomer(biz.cookie);
    await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "600.00" });
    const taken = await record(biz.cookie, { customerId: c.id, type: "points_adjustment", pointsAdjustment: -200, description: "Double-scanned card" });
    expect(taken.status).toBe(201);
    expect(await tierOf(c.id)).toBe("Silver"); // up on the purchase; never down except at the review
    await db.customer.update({ where: { id: c.id }, data: { tierName: "Bronze" } }); // as after a yearly review at 400
    const id = taken.json.transaction.id;
    expect((await call(deleteTransaction, { method: "DELETE", cookie: biz.cookie, path: `/api/transactions/${id}`, params: { id: String(id) }, body: { reason: "incorrectly_posted" } })).status).toBe(200);
    expect(await tierOf(c.id)).toBe("Silver"); // 600 lifetime points again
  });
});

describe("the purchase's answer", () => {
  it("shows the balance after the referral bonus the same purchase gave, and the tier after it", async () => {
    const biz = await business();
    await call(putReferralSettings, { method: "PUT", cookie: biz.cookie, body: { enabled: true, bonusPoints: 500, monthlyCap: 5 } });
    await tiersOn(biz.cookie);
    const referrer = await addCustomer(biz.cookie);
    const { code } = (await call<{ code: string }>(referralCode, { cookie: biz.cookie, path: `/api/referrals/code?customerId=${referrer.id}` })).json;
    const friend = await addCustomer(biz.cookie);
    expect((await call(claim, { method: "POST", cookie: biz.cookie, body: { customerId: friend.id, code } })).status).toBe(200);
    const staff = await createStaffSession(biz.businessId);
    const res = await record(staff.cookie, { customerId: friend.id, type: "purchase", amount: "3.00" });
    expect(res.status).toBe(201);
    expect(res.json.balance).toBe(503);
    expect(res.json.customer).toMatchObject({ totalPoints: 503, tier: "Silver" });
    expect(res.json.transaction.customer.totalPoints).toBe(503);
    expect(await tierOf(referrer.id)).toBe("Silver");
  });

  it("without tiers or a referral it is the ledger's own answer, with no tier", async () => {
    const biz = await business();
    const c = await addCustomer(biz.cookie);
    const res = await record(biz.cookie, { customerId: c.id, type: "purchase", amount: "7.00" });
    expect(res.json).toMatchObject({ balance: 7, customer: { totalPoints: 7, tier: null } });
  });
});

describe("the add-customer flow takes the friend's referral code", () => {
  type Sent = { customerData: Record<string, unknown>; phone: string; message: string; field?: string };
  const send = (cookie: string, body: Record<string, unknown>) => call<Sent>(sendVerification, { method: "POST", cookie, body: pendingCustomer(body) });
  const verify = async (cookie: string, sent: Sent) =>
    call<{ customer: { id: number }; message: string; field?: string }>(verifyAndCreate, { method: "POST", cookie, body: { ...sent.customerData, verificationCode: await lastCodeTo(sent.phone) } });
  async function setup() {
    const biz = await business();
    await call(putReferralSettings, { method: "PUT", cookie: biz.cookie, body: { enabled: true, bonusPoints: 50, monthlyCap: 5 } });
    const referrer = await addCustomer(biz.cookie);
    const { code } = (await call<{ code: string }>(referralCode, { cookie: biz.cookie, path: `/api/referrals/code?customerId=${referrer.id}` })).json;
    return { biz, referrer, code };
  }

  it("a valid code (any case, with a space) is recorded with the new customer; the first purchase gives both the bonus", async () => {
    const { biz, referrer, code } = await setup();
    const sent = await send(biz.cookie, { referralCode: ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)}` });
    expect(sent.status).toBe(200);
    expect(sent.json.customerData.referralCode).toBe(code);
    const created = await verify(biz.cookie, sent.json);
    expect(created.status).toBe(201);
    const friendId = created.json.customer.id;
    expect(await db.customerReferral.findFirst({ where: { friendId } })).toMatchObject({ referrerId: referrer.id, status: "pending" });
    const res = await record(biz.cookie, { customerId: friendId, type: "purchase", amount: "2.00" });
    expect(res.json.balance).toBe(52);
    expect((await db.customer.findUniqueOrThrow({ where: { id: referrer.id } })).totalPoints).toBe(50);
  });

  it("no code is no referral; a badly typed, unknown or refused code is a 400 naming the field, before any text is sent", async () => {
    const { biz, referrer, code } = await setup();
    const plain = await send(biz.cookie, { referralCode: "" });
    expect(plain.status).toBe(200);
    expect((await verify(biz.cookie, plain.json)).status).toBe(201);
    const smsBefore = await db.outboundMessage.count({ where: { businessId: biz.businessId } });
    const typo = await send(biz.cookie, { referralCode: "AB!" });
    expect(typo.status).toBe(400);
    expect(typo.json).toMatchObject({ message: REFERRAL_CODE_FORMAT });
    const unknown = await send(biz.cookie, { referralCode: "ZZZZZZZZ" });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: CODE_NOT_FOUND, field: "referralCode" });
    // A phone or email already used for a referral (an earlier account of the same person).
    const again = pendingCustomer();
    await db.customerReferral.create({ data: { businessId: biz.businessId, referrerId: referrer.id, friendId: null, friendName: "old", friendEmail: again.email, friendPhone: "+440000000001", createdAt: new Date("2020-01-01") } });
    const repeat = await send(biz.cookie, { ...again, referralCode: code });
    expect(repeat.json).toMatchObject({ message: REPEAT_REFERRAL, field: "referralCode" });
    expect(await db.outboundMessage.count({ where: { businessId: biz.businessId } })).toBe(smsBefore);
    // Another business's code is not found; with refer-a-friend off the field says so.
    const other = await business();
    expect((await send(other.cookie, { referralCode: code })).json).toMatchObject({ message: REFERRALS_OFF, field: "referralCode" });
    await call(putReferralSettings, { method: "PUT", cookie: other.cookie, body: { enabled: true, bonusPoints: 50, monthlyCap: 5 } });
    expect((await send(other.cookie, { referralCode: code })).json).toMatchObject({ message: CODE_NOT_FOUND, field: "referralCode" });
  });

  it("a code refused between the text and the verification creates no customer and keeps the SMS code usable", async () => {
    const { biz, referrer, code } = await setup();
    const details = pendingCustomer({ referralCode: code });
    const sent = await send(biz.cookie, details);
    expect(sent.status).toBe(200);
    await db.customer.update({ where: { id: referrer.id }, data: { accountStatus: "snoozed", snoozedAt: new Date() } });
    const refused = await verify(biz.cookie, sent.json);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: REFERRER_INACTIVE, field: "referralCode" });
    expect(await db.customer.count({ where: { businessId: biz.businessId, email: details.email } })).toBe(0);
    expect(await db.customerReferral.count({ where: { businessId: biz.businessId } })).toBe(0);
    // Once the referrer is back, the same code and text go through.
    await db.customer.update({ where: { id: referrer.id }, data: { accountStatus: "active", snoozedAt: null } });
    expect((await verify(biz.cookie, sent.json)).status).toBe(201);
    expect(await db.customerReferral.count({ where: { businessId: biz.businessId, referrerId: referrer.id } })).toBe(1);
  });
});

/** @jest-environment node */
import { POST as createTransaction } from "@/app/api/transactions/route";
import { GET as getTiers, PUT as putTiers } from "@/app/api/tiers/route";
import { GET as tierChanges } from "@/app/api/tiers/changes/route";
import { GET as tierReview } from "@/app/api/cron/tier-review/route";
import { GET as referralStats } from "@/app/api/referrals/route";
import { PUT as putReferralSettings } from "@/app/api/referrals/settings/route";
import { POST as claim } from "@/app/api/referrals/claim/route";
import { GET as referralCode } from "@/app/api/referrals/code/route";
import { GET as listCards } from "@/app/api/loyalty-cards/route";
import { db } from "@/lib/db";
import { getPortalView } from "@/lib/portal/get-portal-view";
import { findPassCardById } from "@/lib/wallet/pass-card";
import { googleTextModules } from "@/lib/wallet/pass-fields";
import { findReferralInvite } from "@/lib/referrals/find-referral-invite";
import { CAP_REACHED, CODE_NOT_FOUND, REPEAT_REFERRAL, SELF_REFERRAL, NOT_NEW } from "@/lib/rules/referrals";
import { PARKED } from "@/lib/rules/ledger";
import { call } from "../helpers/http";
import { createStaffSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

const business = ledgerCheckedBusinesses();
const buy = (cookie: string, customerId: number, amount: string, at?: string) =>
  call<{ transaction: { pointsEarned: number } }>(createTransaction, { method: "POST", cookie, body: { customerId, type: "purchase", amount }, headers: at ? { "x-test-now": at } : undefined });
const tiersOn = (cookie: string, body: Record<string, unknown> = {}) =>
  call<{ settings: { enabled: boolean } }>(putTiers, { method: "PUT", cookie, body: { enabled: true, basis: "lifetime_points", tiers: [{ name: "Bronze", threshold: 0, multiplier: 1 }, { name: "Silver", threshold: 500, multiplier: 1.25 }, { name: "Gold", threshold: 1500, multiplier: 1.5 }], ...body } });
const referralsOn = (cookie: string, body: Record<string, unknown> = {}) => call(putReferralSettings, { method: "PUT", cookie, body: { enabled: true, bonusPoints: 50, monthlyCap: 5, ...body } });
const codeOf = async (cookie: string, customerId: number) => (await call<{ code: string; link: string }>(referralCode, { cookie, path: `/api/referrals/code?customerId=${customerId}` })).json;
const claimWith = (cookie: string, customerId: number, code: string, deviceId?: string) => call<{ message: string }>(claim, { method: "POST", cookie, body: { customerId, code, deviceId } });

describe("VIP tiers", () => {
  it("are off until switched on, with a Bronze/Silver/Gold default; purchases earn the plain rate meanwhile", async () => {
    const biz = await business();
    const res = await call<{ enabled: boolean; tiers: { name: string }[] }>(getTiers, { cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.json.enabled).toBe(false);
    expect(res.json.tiers.map((t) => t.name)).toEqual(["Bronze", "Silver", "Gold"]);
    const c = await addCustomer(biz.cookie);
    expect((await buy(biz.cookie, c.id, "600.00")).json.transaction.pointsEarned).toBe(600);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).tierName).toBeNull();
  });

  it("switching on places customers; a purchase crossing a threshold moves them up (recorded with its reason, pass tag moves) and the multiplier applies from the next purchase", async () => {
    const biz = await business();
    const c = await addCustomer(biz.cookie);
    expect((await tiersOn(biz.cookie)).status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).tierName).toBe("Bronze");
    const cardBefore = await db.loyaltyCard.findFirstOrThrow({ where: { customerId: c.id } });
    expect((await buy(biz.cookie, c.id, "500.00")).json.transaction.pointsEarned).toBe(500);
    const after = await db.customer.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.tierName).toBe("Silver");
    expect(Number(after.earnMultiplier)).toBe(1.25);
    const changes = await call<{ changes: { fromTier: string; toTier: string; direction: string; reason: string }[] }>(tierChanges, { cookie: biz.cookie, path: `/api/tiers/changes?customerId=${c.id}` });
    expect(changes.json.changes[0]).toMatchObject({ fromTier: "Bronze", toTier: "Silver", direction: "up", reason: "Reached Silver: 500 lifetime points (threshold 500)" });
    {
      const cardAfter = await db.loyaltyCard.findUniqueOrThrow({ where: { id: cardBefore.id } });
      expect(cardAfter.passUpdatedAt.getTime()).toBeGreaterThan(cardBefore.passUpdatedAt.getTime());
      const pass = await findPassCardById(cardBefore.id);
      expect(googleTextModules(pass!)).toEqual([{ id: "tier", header: "Tier", body: "Silver" }]);
    }
    expect((await buy(biz.cookie, c.id, "10.00")).json.transaction.pointsEarned).toBe(12);
    const cards = await call<{ customerId: number; tierName?: string }[]>(listCards, { cookie: biz.cookie });
    expect(cards.json.find((x) => x.customerId === c.id)?.tierName).toBe("Silver");
    const portal = await getPortalView({ email: c.email }, c.id);
    expect(portal.customer?.tier).toEqual({ name: "Silver", multiplier: 1.25 });
  });

  it("switching off sets every multiplier back to 1 and hides the tier", async () => {
    const biz = await business();
    const c = await addCustomer(biz.cookie);
    await tiersOn(biz.cookie, { tiers: [{ name: "Member", threshold: 0, multiplier: 2 }] });
    expect((await buy(biz.cookie, c.id, "10.00")).json.transaction.pointsEarned).toBe(20);
    await tiersOn(biz.cookie, { enabled: false, tiers: [{ name: "Member", threshold: 0, multiplier: 2 }] });
    expect((await buy(biz.cookie, c.id, "10.00")).json.transaction.pointsEarned).toBe(10);
  });

  it("only the owner configures tiers; bad input is a 400 with the message", async () => {
    const biz = await business();
    const staff = await createStaffSession(biz.businessId);
    expect([401, 403]).toContain((await tiersOn(staff.cookie)).status);
    expect(await db.tierSettings.count({ where: { businessId: biz.businessId } })).toBe(0);
    const bad = await tiersOn(biz.cookie, { tiers: [{ name: "A", threshold: 0, multiplier: 1 }, { name: "B", threshold: 0, multiplier: 2 }] });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "Tier thresholds must be different" });
    expect((await tiersOn(biz.cookie, { basis: "visits" })).status).toBe(400);
  });

  it("spend basis: a move down happens only at the yearly review, with an email only to a customer who consented", async () => {
    const biz = await business();
    const [a, b] = [await addCustomer(biz.cookie), await addCustomer(biz.cookie)];
    await db.customer.update({ where: { id: a.id }, data: { marketingConsentEmail: true } });
    await db.customer.update({ where: { id: b.id }, data: { marketingConsentEmail: false } });
    await tiersOn(biz.cookie, { basis: "spend_12_months", tiers: [{ name: "Bronze", threshold: 0, multiplier: 1 }, { name: "Gold", threshold: 100, multiplier: 1.5 }] });
    const t0 = "2026-01-10T10:00:00.000Z";
    await buy(biz.cookie, a.id, "150.00", t0);
    await buy(biz.cookie, b.id, "150.00", t0);
    for (const id of [a.id, b.id]) expect((await db.customer.findUniqueOrThrow({ where: { id } })).tierName).toBe("Gold");
    // Months later, still no move down (only the review moves down).
    await db.jobRun.deleteMany({ where: { name: "tier-review" } });
    const early = await call<{ ran: boolean; result: { movedDown: number } }>(tierReview, { headers: { "x-test-now": "2026-09-01T04:00:00Z" } });
    expect(early.status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: a.id } })).tierName).toBe("Gold");
    // A year on, nothing spent in the last 12 months: down to Bronze, recorded, notice to a only.
    const review = await call<{ ran: boolean; result: { movedDown: number } }>(tierReview, { headers: { "x-test-now": "2027-01-12T04:00:00Z" } });
    expect(review.json.ran).toBe(true);
    for (const id of [a.id, b.id]) {
      const row = await db.customer.findUniqueOrThrow({ where: { id } });
      expect(row.tierName).toBe("Bronze");
      expect(Number(row.earnMultiplier)).toBe(1);
      const change = await db.tierChange.findFirstOrThrow({ where: { customerId: id, direction: "down" } });
      expect(change.reason).toBe("Yearly review: 0 £ spent in the last 12 months is below Gold");
    }
    expect(await db.outboundMessage.count({ where: { customerId: a.id, emailType: "tier_review" } })).toBe(1);
    expect(await db.outboundMessage.count({ where: { customerId: b.id, emailType: "tier_review" } })).toBe(0);
    // Idempotent: a second run the same day moves nobody.
    await db.jobRun.deleteMany({ where: { name: "tier-review" } });
    await call(tierReview, { headers: { "x-test-now": "2027-01-12T05:00:00Z" } });
    expect(await db.tierChange.count({ where: { customerId: a.id, direction: "down" } })).toBe(1);
  });
});

describe("refer a friend", () => {
  async function setup(settings: Record<string, unknown> = {}) {
    const biz = await business();
    await referralsOn(biz.cookie, settings);
    const referrer = await addCustomer(biz.cookie);
    const { code, link } = await codeOf(biz.cookie, referrer.id);
    return { biz, referrer, code, link };
  }
  const balance = async (id: number) => (await db.customer.findUniqueOrThrow({ where: { id } })).totalPoints;

  it("a friend who joins with the code and makes a first purchase earns both the bonus, once, through the ledger", async () => {
    const { biz, referrer, code, link } = await setup();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(link).toContain(code);
    expect(await findReferralInvite(code.toLowerCase())).toMatchObject({ code, referrerFirstName: referrer.firstName, bonusPoints: 50 });
    expect(await findReferralInvite("NOTACODE")).toBeNull();
    const friend = await addCustomer(biz.cookie);
    const staff = await createStaffSession(biz.businessId);
    const claimed = await claimWith(staff.cookie, friend.id, code.toLowerCase());
    expect(claimed.status).toBe(200);
    await buy(biz.cookie, friend.id, "3.00");
    expect(await balance(friend.id)).toBe(53);
    expect(await balance(referrer.id)).toBe(50);
    await buy(biz.cookie, friend.id, "3.00");
    expect(await balance(referrer.id)).toBe(50);
    const bonuses = await db.pointsLedgerEntry.findMany({ where: { businessId: biz.businessId, kind: "bonus" }, orderBy: { id: "asc" } });
    expect(bonuses.map((b) => [b.customerId, b.points])).toEqual([[friend.id, 50], [referrer.id, 50]]);
    const stats = await call<{ stats: { totalReferrals: number; rewarded: number }; referrals: { referrerName: string; friendName: string; status: string }[] }>(referralStats, { cookie: biz.cookie });
    expect(stats.json.stats).toEqual({ totalReferrals: 1, rewarded: 1, pending: 0 });
    expect((await getPortalView({ email: referrer.email }, referrer.id)).customer?.referral).toEqual({ code, link });
    expect(stats.json.referrals[0]).toMatchObject({ referrerName: referrer.name, friendName: friend.name, status: "rewarded" });
  });

  it("refuses self-referral, a friend who already bought, a repeat phone/email/device, and the monthly cap", async () => {
    const { biz, referrer, code } = await setup({ monthlyCap: 2 });
    const self = await claimWith(biz.cookie, referrer.id, code);
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ message: SELF_REFERRAL });
    const buyer = await addCustomer(biz.cookie);
    await buy(biz.cookie, buyer.id, "1.00");
    expect((await claimWith(biz.cookie, buyer.id, code)).json).toMatchObject({ message: NOT_NEW });
    const f1 = await addCustomer(biz.cookie);
    expect((await claimWith(biz.cookie, f1.id, code, "device-1")).status).toBe(200);
    const f2 = await addCustomer(biz.cookie);
    const sameDevice = await claimWith(biz.cookie, f2.id, code, "device-1");
    expect(sameDevice.json).toMatchObject({ message: REPEAT_REFERRAL });
    // A friend's earlier referral (their old account was deleted) remembered by email and phone.
    const f3 = await addCustomer(biz.cookie);
    await db.customerReferral.create({ data: { businessId: biz.businessId, referrerId: referrer.id, friendId: null, friendName: "old", friendEmail: f3.email.toLowerCase(), friendPhone: "+440000000000", createdAt: new Date("2020-01-01") } });
    expect((await claimWith(biz.cookie, f3.id, code)).json).toMatchObject({ message: REPEAT_REFERRAL });
    expect((await claimWith(biz.cookie, f2.id, code, "device-2")).status).toBe(200);
    const f4 = await addCustomer(biz.cookie);
    const capped = await claimWith(biz.cookie, f4.id, code);
    expect(capped.status).toBe(400);
    expect(capped.json).toMatchObject({ message: CAP_REACHED });
  });

  it("parked friends are refused; a snoozed referrer gets no bonus (the ledger refuses) while the friend does", async () => {
    const { biz, referrer, code } = await setup();
    const parked = await addCustomer(biz.cookie);
    await db.customer.update({ where: { id: parked.id }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
    const p = await claimWith(biz.cookie, parked.id, code);
    expect(p.status).toBe(409);
    expect(p.json).toMatchObject({ message: PARKED });
    const friend = await addCustomer(biz.cookie);
    expect((await claimWith(biz.cookie, friend.id, code)).status).toBe(200);
    await db.customer.update({ where: { id: referrer.id }, data: { accountStatus: "snoozed", snoozedAt: new Date() } });
    await buy(biz.cookie, friend.id, "2.00");
    expect(await balance(friend.id)).toBe(52);
    expect(await balance(referrer.id)).toBe(0);
    const row = await db.customerReferral.findFirstOrThrow({ where: { friendId: friend.id } });
    expect(row.status).toBe("rewarded");
    expect(row.note).toMatch(/^No bonus for referrer: /);
  });

  it("another business's code is not found, and refer-a-friend is off until switched on", async () => {
    const { code } = await setup();
    const other = await business();
    const stranger = await addCustomer(other.cookie);
    const off = await claimWith(other.cookie, stranger.id, code);
    expect(off.status).toBe(409);
    await referralsOn(other.cookie);
    const res = await claimWith(other.cookie, stranger.id, code);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: CODE_NOT_FOUND });
    expect((await claimWith(other.cookie, stranger.id, "")).status).toBe(400);
  });
});

/** @jest-environment node */
import { GET as getSettings, PUT as putSettings } from "@/app/api/admin/system-settings/route";
import { GET as stats } from "@/app/api/admin/stats/route";
import { GET as businesses } from "@/app/api/admin/businesses/route";
import { POST as extendTrials } from "@/app/api/admin/extend-trials/route";
import { POST as processExpiredTrials } from "@/app/api/admin/process-expired-trials/route";
import { GET as billingCron } from "@/app/api/cron/billing/route";
import { GET as getBusiness, PUT as updateOwnBusiness } from "@/app/api/business/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { adminSession } from "./admin-fixtures";

// Platform-wide settings and jobs over every business: runs in the serial phase of `npm test`.

const DEFAULTS = { signupsEnabled: true, pinProtectionEnabled: false, signupPin: null, maintenanceMode: false, bannerEnabled: false, bannerTitle: null, bannerText: null, defaultSubscriptionPricePence: 2100 };
async function resetSettings() {
  await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  await db.systemSettings.update({ where: { id: 1 }, data: DEFAULTS });
}
beforeAll(resetSettings);
afterEach(resetSettings);

const put = (cookie: string | undefined, body: Record<string, unknown>) => call<{ message: string; settings: Record<string, unknown> }>(putSettings, { method: "PUT", cookie, body });
const DAY = 24 * 60 * 60 * 1000;

describe("PUT /api/admin/system-settings", () => {
  it("changes any subset of the settings, audits it without the PIN, and never shows the PIN to non-admins", async () => {
    const admin = await adminSession("Sid Settings");
    const owner = await createBusinessSession();
    const res = await put(admin.cookie, { signupsEnabled: false, pinProtectionEnabled: true, signupPin: "4321", defaultSubscriptionPrice: "19.99", bannerEnabled: true, bannerTitle: "Hello", bannerText: "New features" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Settings Updated", settings: { signupsEnabled: false, pinProtectionEnabled: true, signupPin: "4321", defaultSubscriptionPrice: "19.99", bannerEnabled: true, bannerTitle: "Hello", bannerText: "New features", maintenanceMode: false } });

    const mine = await call(getSettings, { cookie: admin.cookie });
    expect(mine.json).toMatchObject({ signupPin: "4321", defaultSubscriptionPrice: "19.99" });
    for (const cookie of [owner.cookie, undefined]) {
      const pub = await call(getSettings, { cookie });
      expect(pub.json).toMatchObject({ signupsEnabled: false, pinProtectionEnabled: true, bannerTitle: "Hello" });
      expect(pub.json).not.toHaveProperty("signupPin");
      expect(pub.text).not.toContain("4321");
    }
    const row = await db.activityLog.findFirstOrThrow({ where: { action: "system_settings_updated", actorId: admin.id } });
    expect(row).toMatchObject({ businessId: null, actorType: "admin", actorName: "Sid Settings" });
    expect(row.description).toContain("signupPin");
    expect(JSON.stringify([row.oldValues, row.newValues, row.description])).not.toContain("4321");

    // Partial: only what is sent changes. An empty default price falls back to 21.00.
    const partial = await put(admin.cookie, { defaultSubscriptionPrice: "" });
    expect(partial.json.settings).toMatchObject({ defaultSubscriptionPrice: "21.00", signupsEnabled: false, signupPin: "4321" });
  });

  it("refuses bad input readably and PIN protection without a PIN; non-admins cannot write", async () => {
    const admin = await adminSession();
    const owner = await createBusinessSession();
    expect((await put(admin.cookie, { maintenanceMode: "yes" })).json).toMatchObject({ message: "maintenanceMode must be true or false" });
    expect((await put(admin.cookie, { defaultSubscriptionPrice: "-3" })).status).toBe(400);
    expect((await put(admin.cookie, { pinProtectionEnabled: true })).json).toMatchObject({ message: "Please set a signup PIN before turning PIN protection on" });
    expect((await put(owner.cookie, { maintenanceMode: true })).status).toBe(403);
    expect((await put(undefined, { maintenanceMode: true })).status).toBe(401);
    expect((await db.systemSettings.findUniqueOrThrow({ where: { id: 1 } })).maintenanceMode).toBe(false);
  });

  it("maintenance on makes business API calls 503 while the admin's (and the admin acting as a business) keep working", async () => {
    const admin = await adminSession();
    const owner = await createBusinessSession();
    expect((await put(admin.cookie, { maintenanceMode: true })).status).toBe(200);
    for (const handler of [getBusiness, listCustomers]) expect((await call(handler, { cookie: owner.cookie })).status).toBe(503);
    expect((await call(updateOwnBusiness, { method: "PUT", cookie: owner.cookie, body: { businessName: "During maintenance", businessAddress: "1 High Street", phone: "07700 900123" } })).status).toBe(503);
    expect((await call(stats, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(businesses, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(getSettings, { cookie: owner.cookie })).json).toMatchObject({ maintenanceMode: true });

    expect((await put(admin.cookie, { maintenanceMode: false })).status).toBe(200);
    expect((await call(getBusiness, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("trials", () => {
  async function trialBusiness(endsInDays: number) {
    const referrer = await createBusinessSession();
    const biz = await createBusinessSession();
    const trialEndsAt = new Date(Date.now() + endsInDays * DAY);
    await db.business.update({ where: { id: biz.businessId }, data: { subscriptionStatus: "trial", trialEndsAt, referredByBusinessId: referrer.businessId } });
    await db.referral.create({ data: { referrerBusinessId: referrer.businessId, referredBusinessId: biz.businessId, trialStartedAt: new Date(), trialEndsAt } });
    return { ...biz, trialEndsAt };
  }

  it("POST /api/admin/extend-trials adds days to every running trial (and its referral), not to ended ones", async () => {
    const admin = await adminSession();
    const running = await trialBusiness(5);
    const ended = await trialBusiness(-1);
    expect((await call(extendTrials, { method: "POST", cookie: admin.cookie, body: { additionalDays: 0 } })).json).toMatchObject({ message: "additionalDays must be at least 1" });
    const res = await call<{ extended: number }>(extendTrials, { method: "POST", cookie: admin.cookie, body: { additionalDays: 7 } });
    expect(res.status).toBe(200);
    expect(res.json.extended).toBeGreaterThanOrEqual(1);
    const after = await db.business.findUniqueOrThrow({ where: { id: running.businessId }, include: { referralRecord: true } });
    expect(after.trialEndsAt!.getTime() - running.trialEndsAt.getTime()).toBe(7 * DAY);
    expect(after.referralRecord).toMatchObject({ trialEndsAt: after.trialEndsAt, trialDays: 35 });
    expect((await db.business.findUniqueOrThrow({ where: { id: ended.businessId } })).trialEndsAt!.getTime()).toBe(ended.trialEndsAt.getTime());
    expect(await db.activityLog.count({ where: { action: "trials_extended", actorId: admin.id, businessId: null } })).toBe(1);
  });

  it("process-expired-trials moves trials past their end to pro_starter and expires their referrals, idempotently (admin call and cron)", async () => {
    const admin = await adminSession();
    const soon = await trialBusiness(3);
    const later = await trialBusiness(20);
    const inFiveDays = { "x-test-now": new Date(Date.now() + 5 * DAY).toISOString() };

    const first = await call<{ processed: number; businessIds: number[] }>(processExpiredTrials, { method: "POST", cookie: admin.cookie, headers: inFiveDays });
    expect(first.status).toBe(200);
    expect(first.json.businessIds).toContain(soon.businessId);
    expect(first.json.businessIds).not.toContain(later.businessId);
    const b = await db.business.findUniqueOrThrow({ where: { id: soon.businessId }, include: { referralRecord: true } });
    expect(b).toMatchObject({ subscriptionStatus: "pro_starter", customerLimit: 10 });
    expect(b.referralRecord?.trialStatus).toBe("expired");
    expect((await db.business.findUniqueOrThrow({ where: { id: later.businessId } })).subscriptionStatus).toBe("trial");

    const again = await call<{ processed: number }>(processExpiredTrials, { method: "POST", cookie: admin.cookie, headers: inFiveDays });
    expect(again.json.processed).toBe(0);
    expect(await db.activityLog.count({ where: { businessId: soon.businessId, action: "trial_expired" } })).toBe(1);

    // The billing cron job (the one schedule for trial expiry, issue 22) does the same with the system as the actor.
    const cron = await call<{ ran: boolean; result: { trialsExpired: number } }>(billingCron, { path: "/api/cron/billing", headers: { "x-test-now": new Date(Date.now() + 25 * DAY).toISOString() } });
    expect(cron.status).toBe(200);
    expect(cron.json).toMatchObject({ ran: true });
    expect(cron.json.result.trialsExpired).toBeGreaterThanOrEqual(1);
    expect((await db.business.findUniqueOrThrow({ where: { id: later.businessId } })).subscriptionStatus).toBe("pro_starter");
    expect(await db.activityLog.findFirstOrThrow({ where: { businessId: later.businessId, action: "trial_expired" } })).toMatchObject({ actorType: "system" });
    const rerun = await call<{ result: { trialsExpired: number } }>(billingCron, { path: "/api/cron/billing", headers: { "x-test-now": new Date(Date.now() + 25 * DAY).toISOString() } });
    expect(rerun.json.result.trialsExpired).toBe(0);
  });
});

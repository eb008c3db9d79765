/** @jest-environment node */
import { GET as getBusiness } from "@/app/api/business/route";
import { GET as getProfile } from "@/app/api/business/profile/route";
import { db } from "@/lib/db";
import type { BusinessProfileDto, BusinessSettingsDto } from "@/lib/business/business-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { NEW_BUSINESS_PROFILE } from "../helpers/business-dto";

describe("GET /api/business/profile", () => {
  it("answers the points configuration with the spec's defaults", async () => {
    const biz = await createBusinessSession();
    const res = await call<BusinessProfileDto>(getProfile, { cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(NEW_BUSINESS_PROFILE);
  });

  it("falls back to 1 point per £1, £0.01 per point and a minimum of 100 when rates are unset", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { pointsPerPound: 0, redemptionValue: 0, minimumRedemption: 0, newCustomerPointsPerPound: 0 } });
    const res = await call<BusinessProfileDto>(getProfile, { cookie: biz.cookie });
    expect(res.json).toMatchObject({ pointsPerPound: 1, redemptionValue: "1.00", minimumRedemption: 100, newCustomerPointsPerPound: 1 });
  });

  it("reads set rates as a number and a decimal string", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { pointsPerPound: "2.5", redemptionValue: "0.125", newCustomerRedemptionValue: "2" } });
    const res = await call<BusinessProfileDto>(getProfile, { cookie: biz.cookie });
    expect(res.json).toMatchObject({ pointsPerPound: 2.5, redemptionValue: "0.125", newCustomerRedemptionValue: "2.00" });
  });

  it("needs a business session", async () => {
    expect((await call(getProfile, {})).status).toBe(401);
    expect((await call(getBusiness, {})).status).toBe(401);
  });
});

describe("GET /api/business", () => {
  it("answers the business's own settings record and never its secrets", async () => {
    const biz = await createBusinessSession();
    await addCustomer(biz.cookie);
    await db.business.update({ where: { id: biz.businessId }, data: { resetTokenHash: `secret-${biz.businessId}`, resetExpires: new Date(), website: "https://example.test" } });
    const res = await call<BusinessSettingsDto>(getBusiness, { cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: biz.businessId,
      name: biz.businessName,
      businessName: biz.businessName,
      businessAddress: "1 High Street, Bristol BS1 1AA",
      phone: "+447700900123",
      phoneVerified: false,
      phoneVerifiedAt: null,
      website: "https://example.test",
      email: biz.email,
      subscriptionStatus: "pro_starter",
      customerLimit: 10,
      customerCount: 1,
      pointsPerPound: 1,
      redemptionValue: "1.00",
      minimumRedemption: 100,
      isFounderMember: false,
      emailMarketing: false,
      smsMarketing: false,
      accountStatus: "active",
    });
    expect(typeof res.json.referralCode).toBe("string");
    expect(Date.parse(res.json.createdAt)).not.toBeNaN();
    for (const secret of ["passwordHash", "resetTokenHash", "resetToken", "resetExpires", "stripeCustomerId", "stripeSubscriptionId"]) {
      expect(res.json).not.toHaveProperty(secret);
    }
    expect(res.text).not.toContain("secret-");
    expect(res.text).not.toMatch(/\$2[aby]\$/);
  });

  it("answers each business with its own record only", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const res = await call<BusinessSettingsDto>(getBusiness, { cookie: b.cookie });
    expect(res.json.id).toBe(b.businessId);
    expect(res.json.email).toBe(b.email);
    expect(res.json.id).not.toBe(a.businessId);
  });
});

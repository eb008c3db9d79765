/** @jest-environment node */
import { GET as getBusiness, PUT as putBusiness } from "@/app/api/business/route";
import { PUT as putMarketing } from "@/app/api/business/marketing-preferences/route";
import { db } from "@/lib/db";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { PHONE_CHANGE_MESSAGE } from "@/lib/account/update-business-settings";
import { WEBSITE_INVALID } from "@/lib/validation/account";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

type Saved = { message: string; business: BusinessSettingsDto };
const valid = { businessName: "The Daily Grind", businessAddress: "2 Market Street, Leeds LS1 6DT", phone: "07700 900123", website: "https://dailygrind.example.co.uk" };
const put = (cookie: string, body: Record<string, unknown>) => call<Saved>(putBusiness, { method: "PUT", cookie, path: "/api/business", body });

describe("PUT /api/business", () => {
  it("saves name, address and website, answers the settings record, and logs old and new values", async () => {
    const biz = await createBusinessSession();
    const res = await put(biz.cookie, valid);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Business settings updated");
    expect(res.json.business).toMatchObject({ businessName: "The Daily Grind", name: "The Daily Grind", businessAddress: valid.businessAddress, website: valid.website, phone: "+447700900123" });
    expect(res.json.business).not.toHaveProperty("passwordHash");

    const read = await call<BusinessSettingsDto>(getBusiness, { cookie: biz.cookie });
    expect(read.json).toMatchObject({ businessName: "The Daily Grind", website: valid.website });

    const row = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "business_settings_updated" } });
    expect(row.oldValues).toEqual({ name: biz.businessName, businessAddress: "1 High Street, Bristol BS1 1AA", website: null });
    expect(row.newValues).toEqual({ name: "The Daily Grind", businessAddress: valid.businessAddress, website: valid.website });
  });

  it("treats an empty website as none, and writes no activity row when nothing changed", async () => {
    const biz = await createBusinessSession();
    expect((await put(biz.cookie, valid)).status).toBe(200);
    const cleared = await put(biz.cookie, { ...valid, website: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.json.business.website).toBeNull();
    const again = await put(biz.cookie, { ...valid, website: null });
    expect(again.status).toBe(200);
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "business_settings_updated" } })).toBe(2);
  });

  it.each([
    [{ businessName: "" }, "business name is required"],
    [{ businessName: "   " }, "business name is required"],
    [{ businessName: null }, "business name is required"],
    [{ businessAddress: "" }, "business address is required"],
    [{ businessAddress: null }, "business address is required"],
    [{ phone: "" }, "phone number is required"],
    [{ phone: null }, "phone number is required"],
    [{ phone: "12345" }, "please enter a valid UK phone number"],
    [{ businessName: "A" }, "business name must be at least 2 characters"],
    [{ businessAddress: "Leed" }, "please enter a valid business address"],
    [{ website: "not a website" }, WEBSITE_INVALID],
    [{ website: "javascript:alert(1)" }, WEBSITE_INVALID],
    [{ website: "ftp://files.example.com" }, WEBSITE_INVALID],
  ])("refuses %j with the spec's message", async (override, message) => {
    const biz = await createBusinessSession();
    const res = await put(biz.cookie, { ...valid, ...override });
    expectRefusal(res, 400, message);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).name).toBe(biz.businessName);
  });

  it("accepts the stored phone in any format, and sends a different number through verification", async () => {
    const biz = await createBusinessSession();
    expect((await put(biz.cookie, { ...valid, phone: "+44 7700 900123" })).status).toBe(200);
    const changed = await put(biz.cookie, { ...valid, businessName: "Changed Name", phone: "07700 900999" });
    expect(changed.status).toBe(409);
    expect(changed.json.message).toBe(PHONE_CHANGE_MESSAGE);
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row).toMatchObject({ phone: "+447700900123", name: "The Daily Grind" });
  });

  it("changes only the caller's own business and needs a session", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    expect((await put(a.cookie, valid)).status).toBe(200);
    expect((await db.business.findUniqueOrThrow({ where: { id: b.businessId } })).name).toBe(b.businessName);
    expect((await put("", valid)).status).toBe(401);
  });
});

describe("PUT /api/business/marketing-preferences", () => {
  it("saves both switches and logs the change", async () => {
    const biz = await createBusinessSession();
    const res = await call(putMarketing, { method: "PUT", cookie: biz.cookie, body: { emailMarketing: true, smsMarketing: false } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ emailMarketing: true, smsMarketing: false });
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row).toMatchObject({ emailMarketing: true, smsMarketing: false });
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "marketing_preferences_updated" } });
    expect(log.oldValues).toEqual({ emailMarketing: false, smsMarketing: false });
    expect(log.newValues).toEqual({ emailMarketing: true, smsMarketing: false });
  });

  it.each([
    [{ emailMarketing: "yes", smsMarketing: false }, "emailMarketing must be true or false"],
    [{ emailMarketing: true }, "smsMarketing must be true or false"],
  ])("refuses %j", async (body, message) => {
    const biz = await createBusinessSession();
    const res = await call(putMarketing, { method: "PUT", cookie: biz.cookie, body });
    expectRefusal(res, 400, message);
  });

  it("needs a session", async () => {
    expect((await call(putMarketing, { method: "PUT", body: { emailMarketing: true, smsMarketing: true } })).status).toBe(401);
  });
});

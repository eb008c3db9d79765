/** @jest-environment node */
import { GET as emailLogs } from "@/app/api/business/email-logs/route";
import { GET as activityLogs } from "@/app/api/business/activity-logs/route";
import { PUT as putBusiness } from "@/app/api/business/route";
import { db } from "@/lib/db";
import type { ActivityLogDto, EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

const messageOf = (r: { json: unknown }) => (r.json as { message?: string }).message;

const getEmails = (cookie: string, qs = "") => call<LogPage<EmailLogDto>>(emailLogs, { cookie, path: `/api/business/email-logs${qs}` });
const getActivity = (cookie: string, qs = "") => call<LogPage<ActivityLogDto>>(activityLogs, { cookie, path: `/api/business/activity-logs${qs}` });

async function insertEmails(businessId: number, n: number, base = Date.parse("2026-10-01T09:00:00Z")) {
  for (let i = 0; i < n; i++) {
    await db.outboundMessage.create({
      data: { businessId, channel: "email", recipient: `r${i}@example.test`, emailType: "voucher", subject: `Subject ${i}`, provider: "simulated", simulated: true, status: i === 1 ? "failed" : "sent", sentAt: new Date(base + i * 60_000) },
    });
  }
}

describe("GET /api/business/email-logs", () => {
  it("lists the business's emails newest first with the customer's name, and never its texts", async () => {
    const biz = await createBusinessSession();
    const customer = await addCustomer(biz.cookie);
    const res = await getEmails(biz.cookie);
    expect(res.status).toBe(200);
    expect(res.json.nextBefore).toBeNull();
    expect(res.json.logs.length).toBeGreaterThanOrEqual(1);
    const welcome = res.json.logs.find((l) => l.recipientEmail === customer.email)!;
    expect(welcome).toMatchObject({ customer: { id: customer.id, name: customer.name }, status: "sent", subject: expect.any(String), emailType: expect.any(String), sentAt: expect.any(String) });
    // SMS (the verification code) are not emails
    expect(res.json.logs.every((l) => l.recipientEmail.includes("@"))).toBe(true);
    expect(res.text).not.toContain("html");
  });

  it("pages with ?before= and ?limit=, newest first, including failures", async () => {
    const biz = await createBusinessSession();
    await insertEmails(biz.businessId, 5);
    const first = await getEmails(biz.cookie, "?limit=2");
    expect(first.json.logs.map((l) => l.subject)).toEqual(["Subject 4", "Subject 3"]);
    expect(first.json.nextBefore).toBe(first.json.logs[1].id);
    const second = await getEmails(biz.cookie, `?limit=2&before=${first.json.nextBefore}`);
    expect(second.json.logs.map((l) => [l.subject, l.status])).toEqual([["Subject 2", "sent"], ["Subject 1", "failed"]]);
    const third = await getEmails(biz.cookie, `?limit=2&before=${second.json.nextBefore}`);
    expect(third.json.logs.map((l) => l.subject)).toEqual(["Subject 0"]);
    expect(third.json.nextBefore).toBeNull();
  });

  it("shows each business only its own emails, even with another business's id as the cursor", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    await insertEmails(a.businessId, 2);
    expect((await getEmails(b.cookie)).json.logs).toEqual([]);
    const aLogs = (await getEmails(a.cookie)).json.logs;
    expect((await getEmails(b.cookie, `?before=${aLogs[0].id + 1}`)).json.logs).toEqual([]);
  });

  it.each([
    ["?limit=0", "limit must be a number from 1 to 200"],
    ["?limit=201", "limit must be a number from 1 to 200"],
    ["?limit=ten", "limit must be a number from 1 to 200"],
    ["?before=abc", "before must be a log id"],
    ["?before=-1", "before must be a log id"],
  ])("refuses %s", async (qs, message) => {
    const biz = await createBusinessSession();
    const res = await getEmails(biz.cookie, qs);
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(message);
  });

  it("defaults to 100 a page and needs a session", async () => {
    const biz = await createBusinessSession();
    await insertEmails(biz.businessId, 101);
    const page = await getEmails(biz.cookie);
    expect(page.json.logs).toHaveLength(100);
    expect(page.json.nextBefore).not.toBeNull();
    expect((await getEmails("")).status).toBe(401);
  });
});

describe("GET /api/business/activity-logs", () => {
  it("lists who did what with readable old and new values, newest first", async () => {
    const biz = await createBusinessSession();
    await call(putBusiness, { method: "PUT", cookie: biz.cookie, body: { businessName: "Renamed Café", businessAddress: "1 High Street, Bristol BS1 1AA", phone: "07700900123", website: "" } });
    const res = await getActivity(biz.cookie);
    expect(res.status).toBe(200);
    const [newest] = res.json.logs;
    expect(newest).toMatchObject({
      action: "business_settings_updated",
      tableName: "businesses",
      recordId: String(biz.businessId),
      oldValues: { name: biz.businessName },
      newValues: { name: "Renamed Café" },
      actorType: "owner",
      actorName: "Testa Owner",
      createdAt: expect.any(String),
    });
    expect(res.json.logs.map((l) => l.action)).toContain("business_signup");
  });

  it("pages and stays within the business", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    for (let i = 0; i < 3; i++) {
      await db.activityLog.create({ data: { businessId: a.businessId, actorType: "system", action: `test_${i}`, description: `row ${i}`, createdAt: new Date(Date.now() + (i + 1) * 1000) } });
    }
    const first = await getActivity(a.cookie, "?limit=2");
    expect(first.json.logs.map((l) => l.action)).toEqual(["test_2", "test_1"]);
    const next = await getActivity(a.cookie, `?limit=2&before=${first.json.nextBefore}`);
    expect(next.json.logs.map((l) => l.action)).toEqual(["test_0", "business_signup"]);
    const other = await getActivity(b.cookie, "?limit=200");
    expect(other.json.logs.map((l) => l.action)).toEqual(["business_signup"]);
    expect((await getActivity("")).status).toBe(401);
  });
});

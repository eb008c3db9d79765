/** @jest-environment node */
import { GET as getBusiness } from "@/app/api/business/route";
import { GET as getUsage } from "@/app/api/subscription/usage/route";
import { GET as getStaff, POST as createStaff } from "@/app/api/business/staff/route";
import { GET as getApiKeys, POST as createApiKey } from "@/app/api/api-keys/route";
import { GET as getEndpoints } from "@/app/api/webhook-endpoints/route";
import { GET as getDeliveries } from "@/app/api/webhook-endpoints/deliveries/route";
import { GET as getAutomations } from "@/app/api/automations/route";
import { GET as getAutomationLog } from "@/app/api/automations/log/route";
import { PUT as putAutomation } from "@/app/api/automations/[kind]/route";
import { GET as getEmailLogs } from "@/app/api/business/email-logs/route";
import { GET as getLoyaltyCards } from "@/app/api/loyalty-cards/route";
import { getCardHubStart } from "@/lib/cards/list-loyalty-cards";
import { countCardTypes } from "@/lib/cards/card-type";
import { addCustomerWithCard } from "../helpers/cards";
import { getAccountStart } from "@/lib/account/get-account-start";
import { listAutomations, listAutomationSends } from "@/lib/automations/manage-automations";
import { listEmailLogs } from "@/lib/activity/list-email-logs";
import { LOG_PAGE_DEFAULT } from "@/lib/validation/account";
import { defaultAutomation } from "@/lib/automations/automation-rules";
import { asJson } from "@/lib/rules/as-json";
import { createBusinessSession } from "../helpers/factories";
import { call } from "../helpers/http";

// Issue 23: /account, /automations, /activity and /loyalty-cards read their first screen on the server and hand it
// to the client as the starting answer of the queries the client used to make. What they read must
// be what those GET routes answer the same owner, byte for byte once sent as JSON.

describe("the business pages' server reads equal their routes' answers", () => {
  it("/account: business, usage, staff, API keys, webhook endpoints and deliveries", async () => {
    const { cookie, businessId } = await createBusinessSession();
    expect((await call(createStaff, { method: "POST", cookie, path: "/api/business/staff", body: { username: "till.one", password: "Till-pass1" } })).status).toBe(201);
    expect((await call(createApiKey, { method: "POST", cookie, path: "/api/api-keys", body: { name: "front till", scope: "write" } })).status).toBe(201);
    const get = async (handler: Parameters<typeof call>[0], path: string) => {
      const res = await call(handler, { cookie, path });
      expect(res.status).toBe(200);
      return res.json;
    };
    const start = asJson(await getAccountStart(businessId));
    expect(start).toEqual({
      business: await get(getBusiness, "/api/business"),
      usage: await get(getUsage, "/api/subscription/usage"),
      staff: await get(getStaff, "/api/business/staff"),
      apiKeys: await get(getApiKeys, "/api/api-keys"),
      webhookEndpoints: await get(getEndpoints, "/api/webhook-endpoints"),
      webhookDeliveries: await get(getDeliveries, "/api/webhook-endpoints/deliveries"),
    });
    expect((start as { staff: { staff: unknown[] } }).staff.staff).toHaveLength(1);
    expect((start as { apiKeys: { keys: unknown[] } }).apiKeys.keys).toHaveLength(1);
  });

  it("/automations: the four automations and the newest 100 sends; /activity: the first email page", async () => {
    const { cookie, businessId } = await createBusinessSession();
    const { kind: _kind, ...settings } = { ...defaultAutomation("win_back"), enabled: true };
    expect((await call(putAutomation, { method: "PUT", cookie, path: "/api/automations/win_back", params: { kind: "win_back" }, body: settings })).status).toBe(200);
    const automations = await call(getAutomations, { cookie, path: "/api/automations" });
    expect(asJson(await listAutomations(businessId))).toEqual(automations.json);
    const log = await call(getAutomationLog, { cookie, path: "/api/automations/log?limit=100" });
    expect(asJson(await listAutomationSends(businessId, { limit: 100 }))).toEqual(log.json);
    const emails = await call(getEmailLogs, { cookie, path: "/api/business/email-logs" });
    expect(emails.status).toBe(200);
    expect(asJson(await listEmailLogs(businessId, { limit: LOG_PAGE_DEFAULT }))).toEqual(emails.json);
  });

  it("/loyalty-cards: the newest cards as the list answers them, and the counters over every card (parked ones left out)", async () => {
    const { cookie, businessId } = await createBusinessSession();
    for (const passkitStatus of ["created", "fallback", "failed", "pending", "created"]) await addCustomerWithCard(businessId, { passkitStatus });
    await addCustomerWithCard(businessId, { passkitStatus: "created", parkedAt: new Date() });
    const list = await call<unknown[]>(getLoyaltyCards, { cookie, path: "/api/loyalty-cards" });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(5);
    const start = asJson<{ cards: unknown[]; counts: unknown }>(await getCardHubStart(businessId, 3));
    expect(start.cards).toEqual(list.json.slice(0, 3));
    expect(start.counts).toEqual(countCardTypes(list.json as { passkitStatus: string }[]));
    expect(start.counts).toEqual({ total: 5, max: 2, core: 2 });
  });
});

/** @jest-environment node */
import { log } from "@/lib/log";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomers } from "./billing-fixtures";

// The real-Stripe path of the billing facade, against a local node:http server that speaks
// Stripe's protocol (form-encoded requests, JSON answers). STRIPE_API_BASE points the SDK at it;
// the routes are imported inside jest.isolateModulesAsync after the STRIPE_* variables are set.

type Route = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Seen = { method: string; path: string; form: URLSearchParams; authorization: string | undefined };

const SECRET_KEY = "sk_test_standin_key";
const PRICE = "price_max_standin";
const APP = "https://app.loyalty.test";
const PERIOD_END = Math.floor(new Date("2027-01-15T00:00:00Z").getTime() / 1000);

let server: Server;
let base = "";
let seen: Seen[] = [];
let failing = false;
let seq = 0;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function answer(s: Seen): { status: number; body: Record<string, unknown> } {
  const id = `${Date.now()}_${++seq}`;
  if (s.method === "POST" && s.path === "/v1/checkout/sessions") {
    return { status: 200, body: { id: `cs_test_${id}`, object: "checkout.session", mode: s.form.get("mode"), url: `https://checkout.stripe.test/c/pay/cs_test_${id}` } };
  }
  if (s.method === "POST" && s.path === "/v1/billing_portal/sessions") {
    return { status: 200, body: { id: `bps_test_${id}`, object: "billing_portal.session", customer: s.form.get("customer"), return_url: s.form.get("return_url"), url: `https://billing.stripe.test/p/session/bps_test_${id}` } };
  }
  if (s.method === "POST" && s.path === "/v1/customers") return { status: 200, body: { id: `cus_test_${id}`, object: "customer" } };
  const sub = s.path.match(/^\/v1\/subscriptions\/([^/]+)$/);
  if (sub && (s.method === "POST" || s.method === "GET")) {
    const cancel = s.form.get("cancel_at_period_end") === "true";
    return {
      status: 200,
      body: {
        id: sub[1],
        object: "subscription",
        status: "active",
        cancel_at_period_end: cancel,
        cancel_at: cancel ? PERIOD_END : null,
        items: { object: "list", data: [{ id: `si_${id}`, object: "subscription_item", current_period_start: PERIOD_END - 30 * 86_400, current_period_end: PERIOD_END }] },
      },
    };
  }
  return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${s.method}: ${s.path})` } } };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const s: Seen = { method: req.method ?? "GET", path: url.pathname, form: new URLSearchParams(req.method === "GET" ? url.search : raw), authorization: req.headers.authorization };
    seen.push(s);
    const { status, body } = failing
      ? { status: 500, body: { error: { type: "api_error", message: "Stand-in outage" } } }
      : answer(s);
    // Stripe-Should-Retry: false keeps the SDK from retrying the stand-in's 500s (it honours the header).
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${seq}`, ...(failing ? { "stripe-should-retry": "false" } : {}) });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  failing = false;
});

type Routes = { upgrade: Route; portal: Route; reactivate: Route; downgrade: Route };

async function withStripe(fn: (routes: Routes) => Promise<void>) {
  const saved = { ...process.env };
  Object.assign(process.env, { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "whsec_standin", STRIPE_PRICE_ID_MAX: PRICE, STRIPE_API_BASE: base, APP_URL: APP });
  try {
    await jest.isolateModulesAsync(async () => {
      const upgrade = await import("@/app/api/billing/upgrade/route");
      const portal = await import("@/app/api/billing/portal/route");
      const reactivate = await import("@/app/api/create-checkout-session/route");
      const downgrade = await import("@/app/api/subscription/downgrade/route");
      await fn({ upgrade: upgrade.POST as unknown as Route, portal: portal.POST as unknown as Route, reactivate: reactivate.POST as unknown as Route, downgrade: downgrade.POST as unknown as Route });
    });
  } finally {
    process.env = saved;
  }
}

const post = (route: Route, path: string, cookie: string, body?: unknown) => call<Record<string, unknown>>(route, { method: "POST", path, cookie, body });

describe("billing against a Stripe stand-in (STRIPE_API_BASE)", () => {
  it("POST /api/billing/upgrade creates a subscription checkout for the max price and answers its URL", async () => {
    await withStripe(async ({ upgrade }) => {
      const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_starter" });
      const res = await post(upgrade, "/api/billing/upgrade", biz.cookie);
      expect(res.status).toBe(200);
      expect(seen).toHaveLength(1);
      const [s] = seen;
      expect(s.method).toBe("POST");
      expect(s.path).toBe("/v1/checkout/sessions");
      expect(s.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(res.json.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      expect(s.form.get("mode")).toBe("subscription");
      expect(s.form.get("line_items[0][price]")).toBe(PRICE);
      expect(s.form.get("line_items[0][quantity]")).toBe("1");
      expect(s.form.get("client_reference_id")).toBe(String(biz.businessId));
      expect(s.form.get("metadata[businessId]")).toBe(String(biz.businessId));
      expect(s.form.get("metadata[purpose]")).toBe("upgrade");
      expect(s.form.get("subscription_data[metadata][businessId]")).toBe(String(biz.businessId));
      // No Stripe customer yet: the checkout collects one for the business's email.
      expect(s.form.get("customer_email")).toBe(biz.email);
      expect(s.form.get("customer")).toBeNull();
      expect(s.form.get("success_url")).toBe(`${APP}/account?checkout=success`);
      expect(s.form.get("cancel_url")).toBe(`${APP}/account?checkout=cancelled`);
    });
  });

  it("POST /api/billing/upgrade during a downgrade countdown withdraws the cancellation instead of a second checkout", async () => {
    await withStripe(async ({ upgrade }) => {
      const sub = `sub_resume_${Date.now()}`;
      const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_max", stripeCustomerId: `cus_${sub}`, stripeSubscriptionId: sub, downgradeRequestedAt: new Date(), downgradeEffectiveAt: new Date(PERIOD_END * 1000) });
      const res = await post(upgrade, "/api/billing/upgrade", biz.cookie);
      expect(res.status).toBe(200);
      expect(res.json.message).toBe("Your max plan continues: the downgrade is cancelled.");
      expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /v1/subscriptions/${sub}`]);
      expect(seen[0].form.get("cancel_at_period_end")).toBe("false");
      expect(await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).toMatchObject({ subscriptionStatus: "pro_max", downgradeEffectiveAt: null });
    });
  });

  it("POST /api/create-checkout-session starts a one-off payment for a parked customer", async () => {
    await withStripe(async ({ reactivate }) => {
      const cus = `cus_re_${Date.now()}`;
      const biz = await businessWithCustomers(3, { stripeCustomerId: cus });
      const parked = biz.customerIds[2];
      await db.customer.update({ where: { id: parked }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
      const res = await post(reactivate, "/api/create-checkout-session", biz.cookie, { reactivateCustomerId: parked });
      expect(res.status).toBe(200);
      expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      expect(seen).toHaveLength(1);
      const [s] = seen;
      expect(s.path).toBe("/v1/checkout/sessions");
      expect(s.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(s.form.get("mode")).toBe("payment");
      expect(s.form.get("customer")).toBe(cus);
      expect(s.form.get("metadata[purpose]")).toBe("reactivate");
      expect(s.form.get("metadata[reactivateCustomerId]")).toBe(String(parked));
      expect(s.form.get("metadata[businessId]")).toBe(String(biz.businessId));
      expect(s.form.get("line_items[0][price_data][currency]")).toBe("gbp");
      expect(Number(s.form.get("line_items[0][price_data][unit_amount]"))).toBeGreaterThan(0);
      expect(s.form.get("line_items[0][price]")).toBeNull();
      expect(s.form.get("success_url")).toBe(`${APP}/customers?checkout=success`);
      expect(s.form.get("cancel_url")).toBe(`${APP}/customers?checkout=cancelled`);
      // Nothing changes until the webhook reports the payment.
      expect((await db.customer.findUniqueOrThrow({ where: { id: parked } })).parkedAt).not.toBeNull();
    });
  });

  it("POST /api/billing/portal opens Stripe's portal for the business's customer; without one it answers url null", async () => {
    await withStripe(async ({ portal }) => {
      const cus = `cus_portal_${Date.now()}`;
      const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_max", stripeCustomerId: cus, stripeSubscriptionId: `sub_${cus}` });
      const res = await post(portal, "/api/billing/portal", biz.cookie);
      expect(res.status).toBe(200);
      expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/billing_portal/sessions", authorization: `Bearer ${SECRET_KEY}` });
      expect(seen[0].form.get("customer")).toBe(cus);
      expect(seen[0].form.get("return_url")).toBe(`${APP}/account`);

      seen = [];
      const none = await businessWithCustomers(0);
      const noCustomer = await post(portal, "/api/billing/portal", none.cookie);
      expect(noCustomer.status).toBe(200);
      expect(noCustomer.json).toEqual({ url: null });
      expect(seen).toHaveLength(0);
    });
  });

  it("POST /api/subscription/downgrade sets cancel_at_period_end and records the period end Stripe answers", async () => {
    await withStripe(async ({ downgrade }) => {
      const sub = `sub_down_${Date.now()}`;
      const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_max", stripeCustomerId: `cus_${sub}`, stripeSubscriptionId: sub });
      const res = await post(downgrade, "/api/subscription/downgrade", biz.cookie);
      expect(res.status).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: "POST", path: `/v1/subscriptions/${sub}`, authorization: `Bearer ${SECRET_KEY}` });
      expect(seen[0].form.get("cancel_at_period_end")).toBe("true");
      const expected = new Date(PERIOD_END * 1000);
      expect(res.json.downgradeEffectiveAt).toBe(expected.toISOString());
      expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).downgradeEffectiveAt).toEqual(expected);
    });
  });

  it("a failing Stripe answers clean JSON errors with the spec's fallback messages and changes nothing", async () => {
    await withStripe(async ({ upgrade, reactivate, downgrade, portal }) => {
      failing = true;
      const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
      try {
        const starter = await businessWithCustomers(3, { subscriptionStatus: "pro_starter", stripeCustomerId: `cus_fail_${Date.now()}` });
        const up = await post(upgrade, "/api/billing/upgrade", starter.cookie);
        expect(up.status).toBe(503);
        expect(up.json).toMatchObject({ message: "Failed to start upgrade" });

        const parked = starter.customerIds[2];
        await db.customer.update({ where: { id: parked }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
        const re = await post(reactivate, "/api/create-checkout-session", starter.cookie, { reactivateCustomerId: parked });
        expect(re.status).toBe(503);
        expect(re.json).toMatchObject({ message: "Failed to create checkout session" });

        const pt = await post(portal, "/api/billing/portal", starter.cookie);
        expect(pt.status).toBe(503);
        expect(pt.json).toMatchObject({ message: "Failed to open the billing portal" });

        const sub = `sub_fail_${Date.now()}`;
        const max = await businessWithCustomers(0, { subscriptionStatus: "pro_max", stripeCustomerId: `cus_${sub}`, stripeSubscriptionId: sub });
        const down = await post(downgrade, "/api/subscription/downgrade", max.cookie);
        expect(down.status).toBe(503);
        expect(down.json).toMatchObject({ message: "Failed to downgrade subscription" });
        expect(await db.business.findUniqueOrThrow({ where: { id: max.businessId } })).toMatchObject({ downgradeEffectiveAt: null, downgradeRequestedAt: null });

        // Each call reached the stand-in once (no retries: it says Stripe-Should-Retry: false).
        expect(seen.map((s) => s.path)).toEqual(["/v1/checkout/sessions", "/v1/checkout/sessions", "/v1/billing_portal/sessions", `/v1/subscriptions/${sub}`]);
      } finally {
        errors.mockRestore();
      }
    });
  });
});

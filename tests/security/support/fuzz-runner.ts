import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as portalSession } from "@/app/api/customer-portal/session/route";
import { GET as adminStats } from "@/app/api/admin/stats/route";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import { call } from "../../helpers/http";
import { addCustomerWithCard } from "../../helpers/cards";
import { pendingCustomer, randomMobile, signupPayload } from "../../helpers/factories";
import { adminSession } from "../../integration/admin-fixtures";
import { buildTenant, type Tenant } from "./fixture";
import { malformedBodies, malformedParams, malformedQueries, sampleInputs, type Malformed } from "./malformed";
import { label, pathOf, type Endpoint } from "./routes";
import { PROBE_INPUTS, pathValue } from "./tenant-probes";

// Sends generated malformed inputs to one endpoint as the audience it serves, with the caller's
// own objects in the path, and collects every 5xx. Sessions an input legitimately ends (closing
// an account, suspending a business) are rebuilt, so the remaining inputs still reach the handler.

export const INPUTS_PER_ENDPOINT = 200;
export const INPUTS_PER_PARAMS_ONLY = 40;

export type FuzzContext = { t: Tenant; portal: string; portalEmail: string; portalCustomerId: number; admin: string };

export async function newContext(label = "F"): Promise<FuzzContext> {
  const t = await buildTenant(label);
  const admin = await adminSession("Fuzzy Admin");
  return { t, ...(await portalSessionFor(t)), admin: admin.cookie };
}

/** A portal session for a fresh customer of the tenant (created directly: the proof-of-address
 *  flow has its own tests and would throttle a fuzzer that needs many sessions). */
async function portalSessionFor(t: Tenant) {
  const { customer } = await addCustomerWithCard(t.businessId);
  const s = await createSession({ kind: "customer", customerEmail: customer.email });
  return { portal: `${sessionCookieName()}=${s.cookieValue}`, portalEmail: customer.email, portalCustomerId: customer.id };
}

// Valid bodies to break one field at a time, for endpoints the tenant probes have none for.
const BASELINES: Record<string, (ctx: FuzzContext) => Record<string, unknown>> = {
  "POST /api/auth/signup": () => signupPayload({ verificationCode: "123456" }),
  // Fresh numbers: the fixture businesses share 07700 900123, and a reset code for one of them
  // would be a change to another test file's business.
  "POST /api/auth/signup/send-code": () => ({ phone: randomMobile(), email: "fuzz-signup@example.test" }),
  "POST /api/auth/login": () => ({ email: "nobody-fuzz@example.test", password: "not-the-password" }),
  "POST /api/admin/login": () => ({ email: "nobody-fuzz@example.test", password: "not-the-password" }),
  "POST /api/staff/login": (ctx) => ({ businessId: ctx.t.businessId, username: "nobody", password: "not-the-password" }),
  "POST /api/customer/verify-access": (ctx) => ({ email: ctx.portalEmail }),
  "POST /api/auth/forgot-password": () => ({ phone: randomMobile() }),
  "PUT /api/business": (ctx) => ({ businessName: `${ctx.t.marker} Café`, businessAddress: "1 High Street, Bristol BS1 1AA", phone: "07700 900123", website: "" }),
  "POST /api/business/staff": () => ({ username: "till-fuzz", password: "Str0ng-fuzz-pass!" }),
  "PUT /api/business/new-customer-rates": () => ({ newCustomerPointsPerPound: 1, newCustomerRedemptionValue: 1, reason: "fuzz", password: "Passw0rd!" }),
  "PUT /api/business/minimum-redemption": () => ({ minimumRedemption: 100 }),
  "POST /api/customers/send-verification": () => pendingCustomer(),
  "POST /api/customers/resend-verification": () => pendingCustomer(),
  "POST /api/customers/verify-and-create": () => ({ ...pendingCustomer(), verificationCode: "123456" }),
  "POST /api/chat/sessions": () => ({ initialMessage: "hello" }),
  "PUT /api/admin/businesses/[id]": () => ({ name: "Fuzz Ltd" }),
  "PUT /api/admin/customers/[id]": () => ({ emailConsent: false }),
  "PUT /api/admin/system-settings": () => ({ bannerEnabled: false }),
  "POST /api/admin/extend-trials": () => ({ additionalDays: 1 }),
  "POST /api/admin/send-message": () => ({ title: "Fuzz", content: "fuzz" }),
};

/** Rebuilds whatever an input ended: the portal session, the business (suspended, closed) or the admin. */
export async function keepAlive(ctx: FuzzContext): Promise<void> {
  if ((await call(currentUser, { cookie: ctx.t.owner })).status !== 200 || (await call(currentUser, { cookie: ctx.t.staff })).status === 401) {
    Object.assign(ctx, await newContext());
    return;
  }
  if ((await call(portalSession, { cookie: ctx.portal })).status === 401) Object.assign(ctx, await portalSessionFor(ctx.t));
  if ((await call(adminStats, { cookie: ctx.admin })).status === 401) ctx.admin = (await adminSession("Fuzzy Admin")).cookie;
}

function cookieFor(e: Endpoint, ctx: FuzzContext): string | undefined {
  switch (e.audience) {
    case "business":
    case "public":
      return ctx.t.owner;
    case "staff":
      return ctx.t.staff;
    case "admin":
      return ctx.admin;
    case "portal":
      return ctx.portal;
    default:
      return undefined;
  }
}

/** The inputs for an endpoint, or [] when it takes nothing to fuzz. */
export function inputsFor(e: Endpoint, ctx: FuzzContext, seed: number): Malformed[] {
  const key = label(e);
  const spec = e.meta.spec;
  if (spec.body && e.method !== "GET") {
    // Portal bodies name the verified customer's own email and account.
    const self = e.audience === "portal" ? { ...ctx.t, customerEmail: ctx.portalEmail, customerId: ctx.portalCustomerId } : ctx.t;
    const baseline = BASELINES[key]?.(ctx) ?? PROBE_INPUTS[key]?.(self, self)[0];
    return sampleInputs(malformedBodies(spec.body, baseline), INPUTS_PER_ENDPOINT, seed);
  }
  if (spec.query) return sampleInputs(malformedQueries(spec.query), INPUTS_PER_ENDPOINT, seed);
  if (e.params.length) return sampleInputs(malformedParams(e.params), INPUTS_PER_PARAMS_ONLY, seed);
  return [];
}

// Inputs here can end the session they are sent with: check it after each one.
const ENDS_SESSIONS = /^(customer-portal\/(close|snooze)|admin\/businesses\/\[id\]|admin\/exit-login-as|business\/staff\/\[id\])/;

export async function fuzzEndpoint(e: Endpoint, ctx: FuzzContext, seed: number, afterInput?: () => Promise<void>): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  const inputs = inputsFor(e, ctx, seed);
  let sent = 0;
  const statuses: Record<number, number> = {};
  for (const input of inputs) {
    // Fresh objects of the caller's own for the path (a fresh customer: inputs may close one).
    const own: Record<string, string> = {};
    for (const name of e.params) own[name] = pathValue(e, name, ctx.t) ?? "1";
    const params = input.params ?? own;
    const path = `${pathOf(e, params)}${input.query ? `?${input.query}` : ""}`;
    const headers: Record<string, string> = {};
    if (input.rawBody !== undefined) headers["content-type"] = input.contentType ?? "application/json";
    let res;
    try {
      res = await call(e.handler, { method: e.method, path, params, cookie: cookieFor(e, ctx), rawBody: input.rawBody, headers });
    } catch (err) {
      failures.push(`${key(e)} ${input.kind}: threw ${(err as Error).message} input=${describe(input)}`);
      continue;
    }
    sent++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) failures.push(`${key(e)} ${input.kind}: ${res.status} ${res.text.slice(0, 160)} input=${describe(input)}`);
    await afterInput?.();
    if (ENDS_SESSIONS.test(e.route) && res.status < 300) await keepAlive(ctx);
  }
  await keepAlive(ctx);
  // FUZZ_STATS=1: how far the inputs got (all 400s would mean the fuzzer never reaches the handler).
  if (process.env.FUZZ_STATS) process.stderr.write(`[fuzz] ${key(e)} ${JSON.stringify(statuses)}\n`);
  return { sent, failures };
}

const key = (e: Endpoint) => label(e);
function describe(m: Malformed): string {
  const s = JSON.stringify({ params: m.params, query: m.query, body: m.rawBody, type: m.contentType });
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
}

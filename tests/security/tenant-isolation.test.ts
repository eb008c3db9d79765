/** @jest-environment node */
import { call } from "../helpers/http";
import { buildWorld, type World } from "./support/fixture";
import { changedTables, tenantChecksum } from "./support/db-snapshot";
import { endpointsOf, label, pathOf, routeFiles, specEndpoints, type Endpoint } from "./support/routes";
import { recordTally } from "./support/tally";
import { LIST_FILTERS, NO_TENANT_OBJECT, PROBE_INPUTS, acceptsEmpty, idLikeFields, isAppleWebService, pathValue } from "./support/tenant-probes";

// Issue 11, item 1: the tenant isolation matrix. For every endpoint (generated from the route
// files, checked against the spec's endpoint list), business B's sessions are pointed at business
// A's objects: its customers, cards, transactions, vouchers, staff, chats, by id, membership
// number and email, in the path, the query and the body. Every such request answers 404 (or
// 401/403 when the audience is wrong), never shows anything of A's, and changes nothing of A's
// (a checksum over every table A owns). Lists B may read never contain A's marker either.

let world: World;

beforeAll(async () => {
  process.env.CRON_SECRET = "security-tenant-secret";
  world = await buildWorld();
}, 180_000);

type Probe = { who: string; cookie: string; params: Record<string, string>; body?: Record<string, unknown>; query?: Record<string, string>; named: boolean };

const DENIED = new Set([401, 403, 404]);

/** The sessions of B that call an endpoint: its own audience, and for admin routes B's owner and
 *  staff (who must be refused at the door). */
function callers(e: Endpoint, w: World): { who: string; cookie: string }[] {
  switch (e.audience) {
    case "business":
      return [{ who: "owner B", cookie: w.b.owner }, { who: "admin acting as B", cookie: w.actingB }];
    case "staff":
      return [{ who: "owner B", cookie: w.b.owner }, { who: "staff B", cookie: w.b.staff }];
    case "portal":
      return [{ who: "customer of B", cookie: w.portalB }];
    case "admin":
    case "public":
      return [{ who: "owner B", cookie: w.b.owner }, { who: "staff B", cookie: w.b.staff }];
    default:
      return [];
  }
}

/** The probes for one endpoint, or the reason it has none. Throws when an endpoint takes an id
 *  the generator cannot fill: a new endpoint must get a probe (or a reason in NO_TENANT_OBJECT). */
function plan(e: Endpoint, w: World): Probe[] | string {
  const key = label(e);
  if (e.audience === "cron" || e.audience === "webhook") return "no session audience (cron secret / vendor signature)";
  if (e.audience === "api-key") return "API key, no session: cross-business 404s in tests/integration/api-v1.test.ts";
  if (NO_TENANT_OBJECT[key]) return NO_TENANT_OBJECT[key];
  if (isAppleWebService(e.route)) return "Apple PassKit web service: authorised by the per-pass token, not a session";
  const params: Record<string, string> = {};
  for (const name of e.params) {
    const v = pathValue(e, name, w.a);
    if (v === undefined) throw new Error(`${key}: no tenant object of A for path param {${name}}: teach tenant-probes.ts pathValue or list it in NO_TENANT_OBJECT with a reason`);
    params[name] = v;
  }
  const idFields = [...idLikeFields(e.meta.spec.body), ...idLikeFields(e.meta.spec.query)];
  // Admin routes refuse B's sessions before reading the body: A's ids in the path are the probe.
  const inputs = PROBE_INPUTS[key]?.(w.a, w.b) ?? (e.audience === "admin" ? [{}] : undefined);
  if (idFields.length && !inputs) throw new Error(`${key}: takes ${idFields.join(", ")} but has no probe: add one to PROBE_INPUTS (tenant-probes.ts) or a reason to NO_TENANT_OBJECT`);
  const named = e.params.length > 0 || idFields.length > 0;
  if (!named && e.method !== "GET") return "names no object and changes only the caller's own business";
  const bodies: (Record<string, unknown> | undefined)[] = e.method === "GET" ? [undefined] : inputs ?? [undefined];
  const queries: (Record<string, string> | undefined)[] = e.method === "GET" ? ((inputs as Record<string, string>[] | undefined) ?? [undefined]) : [undefined];
  if (e.meta.spec.body && e.method !== "GET" && !inputs && !acceptsEmpty(e.meta.spec.body)) {
    throw new Error(`${key}: its body schema refuses {}, so a probe would stop at validation: add a valid body to PROBE_INPUTS`);
  }
  const out: Probe[] = [];
  for (const c of callers(e, w)) {
    for (const body of bodies) {
      const check = body && e.audience !== "admin" && e.meta.spec.body?.safeParse(body);
      if (check && !check.success) throw new Error(`${key}: probe body does not pass validation (${check.error.issues[0]?.message}): fix PROBE_INPUTS`);
      for (const query of queries) out.push({ ...c, params, body, query, named });
    }
  }
  return out;
}

function leaked(text: string, w: World, sent: string): string | undefined {
  const secrets = [w.a.marker, ...w.a.customers.flatMap((c) => [c.email ?? "", c.membershipNumber])].filter((s) => s && !sent.includes(s));
  return secrets.find((s) => text.includes(s));
}

const files = routeFiles();

describe("tenant isolation matrix: business B against business A's objects", () => {
  it("covers every endpoint of the spec", async () => {
    const ours = new Set<string>();
    for (const f of files) for (const e of await endpointsOf(f)) ours.add(`${e.method} ${e.route.replace(/\[[^\]]+\]/g, "[]")}`);
    const missing = specEndpoints().filter((s) => !ours.has(`${s.method} ${s.route.replace(/\[[^\]]+\]/g, "[]")}`));
    expect(missing).toEqual([]);
  });

  it.each(files.map((f) => [f.route, f] as const))("%s", async (_route, f) => {
    const failures: string[] = [];
    let probes = 0;
    let leaks = 0;
    let errors = 0;
    for (const e of await endpointsOf(f)) {
      const planned = plan(e, world);
      if (typeof planned === "string") continue;
      const before = await tenantChecksum(world.a.businessId);
      for (const p of planned) {
        const qs = p.query ? `?${new URLSearchParams(p.query)}` : "";
        const path = `${pathOf(e, p.params)}${qs}`;
        const res = await call(e.handler, { method: e.method, path, params: p.params, cookie: p.cookie, body: p.body });
        probes++;
        const where = `${e.method} ${path} as ${p.who}${p.body ? ` ${JSON.stringify(p.body)}` : ""}`;
        const leak = leaked(res.text, world, `${path} ${JSON.stringify(p.body ?? {})}`);
        if (leak) {
          leaks++;
          failures.push(`${where}: LEAK of A's "${leak}" (${res.status})`);
        }
        if (res.status >= 500) {
          errors++;
          failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
        } else if (p.named && !DENIED.has(res.status) && !(res.status === 200 && LIST_FILTERS.has(label(e)))) {
          failures.push(`${where}: expected 404 (or 401/403), got ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      const changed = changedTables(before, await tenantChecksum(world.a.businessId));
      if (changed.length) failures.push(`${label(e)}: changed business A's ${changed.join(", ")}`);
    }
    recordTally("tenantProbes", probes);
    recordTally("leaks", leaks);
    recordTally("serverErrors", errors);
    expect(failures).toEqual([]);
  });
});

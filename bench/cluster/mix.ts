// The load of `npm run bench:cluster`: N clients, each a café's till and back office (its own
// business session and its own client address), looping without think time over a realistic mix:
// purchases, redemptions, new customers with their texted 4-digit code (read back from the
// simulated outbox), owner sign-ins, customer portal code requests, dashboard and hub reads.
// Every request is logged with its outcome; every acknowledged (2xx) write with the id it created,
// so the checks can compare the clients' view with the database afterwards.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";

export type Tenant = { businessId: number; cookie: string; email: string; password: string; customers: { id: number; email: string }[] };

export type RequestRecord = { op: string; start: number; end: number; status: number; servedBy: string | null; message?: string };
export type AckWrite = { kind: "transaction" | "customer"; id: number; businessId: number; at: number };

export type MixLog = { requests: RequestRecord[]; writes: AckWrite[]; events: EventRecord[]; startedAt: number; endedAt: number };

export type CallResult = { status: number; json: Record<string, unknown> | null; servedBy: string | null; text?: string };

const WEIGHTS: [op: string, weight: number][] = [
  ["purchase", 34],
  ["redemption", 8],
  ["new-customer", 5],
  ["login", 2],
  ["portal-code", 4],
  ["dashboard", 25],
  ["hub", 22],
];
const TOTAL = WEIGHTS.reduce((s, [, w]) => s + w, 0);
const DASHBOARD = ["stats", "impact-stats", "recent-customers", "money-makers", "super-fans", "weekly-stats"];
const HUB = ["/api/customers", "/api/transactions", "/api/promos", "/api/loyalty-cards", "/api/business/activity-logs"];

function pickOp(): string {
  let r = Math.random() * TOTAL;
  for (const [op, w] of WEIGHTS) if ((r -= w) < 0) return op;
  return "hub";
}
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/** One HTTP call; a refused or cut connection is status 0 (never thrown). */
export async function call(base: string, pathname: string, opts: { method?: string; body?: unknown; cookie?: string; ip?: string; timeoutMs?: number } = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  // The client's address as the edge in front of our balancer reports it (TRUSTED_PROXY_HOPS=2).
  if (opts.ip) headers["x-forwarded-for"] = opts.ip;
  try {
    const res = await fetch(`${base}${pathname}`, {
      method: opts.method ?? (opts.body !== undefined ? "POST" : "GET"),
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, servedBy: res.headers.get("x-served-by"), text };
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, json: null, servedBy: null, text: cause?.code ?? cause?.message ?? (e as Error).name };
  }
}

export const clientIp = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Runs `clients` loops against `base` for `seconds`; each of `events` runs at its time (ms from the
 *  start, on the same clock as the request records) and its label is kept with the time it took. */
export type MixEvent = { at: number; label: string; run: () => Promise<unknown> };
export type EventRecord = { label: string; start: number; end: number; result: unknown };

export async function runMix(base: string, tenants: Tenant[], opts: { clients: number; seconds: number; events?: MixEvent[] }): Promise<MixLog> {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const log: MixLog = { requests: [], writes: [], events: [], startedAt: Date.now(), endedAt: 0 };
  const deadline = opts.seconds * 1000;

  const client = async (i: number) => {
    const tenant = tenants[i % tenants.length];
    const ip = clientIp(i);
    const timed = async (op: string, pathname: string, o: Parameters<typeof call>[2] = {}) => {
      const start = now();
      const r = await call(base, pathname, { cookie: tenant.cookie, ip, ...o });
      const failed = r.status >= 500 || r.status === 0;
      // what a failure said (the app's message, HAProxy's page title or the socket error), for the report
      const message = failed ? String(r.json?.message ?? r.text?.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 80) ?? "") : undefined;
      log.requests.push({ op, start, end: now(), status: r.status, servedBy: r.servedBy, ...(failed ? { message } : {}) });
      return r;
    };
    const ack = (kind: AckWrite["kind"], id: unknown) => {
      if (typeof id === "number") log.writes.push({ kind, id, businessId: tenant.businessId, at: now() });
    };
    while (now() < deadline) {
      const op = pickOp();
      if (op === "purchase") {
        const r = await timed(op, "/api/transactions", { body: { customerId: pick(tenant.customers).id, type: "purchase", amount: (2 + Math.random() * 28).toFixed(2) } });
        if (r.status === 201) ack("transaction", (r.json?.transaction as { id?: number } | undefined)?.id);
      } else if (op === "redemption") {
        const r = await timed(op, "/api/transactions", { body: { customerId: pick(tenant.customers).id, type: "points_redemption", pointsToRedeem: 100 } });
        if (r.status === 201) ack("transaction", (r.json?.transaction as { id?: number } | undefined)?.id);
      } else if (op === "new-customer") {
        const tag = randomUUID().slice(0, 8);
        const phone = `077${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
        const pending = { name: `Load Customer ${tag}`, email: `load-${tag}@bench.example`, phone, marketingConsentEmail: true, marketingConsentSms: false, sendWelcomeEmail: false };
        const sent = await timed("new-customer:send-code", "/api/customers/send-verification", { body: pending });
        if (sent.status !== 200) continue;
        const to = String(sent.json?.phone ?? phone);
        const sms = await timed("new-customer:outbox", `/api/test/last-simulated-sms?to=${encodeURIComponent(to)}`);
        if (sms.status !== 200) continue;
        const data = (sent.json?.customerData as Record<string, unknown> | undefined) ?? pending;
        const made = await timed("new-customer:verify", "/api/customers/verify-and-create", { body: { ...data, verificationCode: sms.json?.code, sendWelcomeEmail: false, autoGenerateCard: true } });
        const customer = made.json?.customer as { id?: number; email?: string } | undefined;
        if (made.status === 201 && customer?.id) {
          ack("customer", customer.id);
          tenant.customers.push({ id: customer.id, email: customer.email ?? pending.email });
        }
      } else if (op === "login") {
        // Without the tenant's cookie: a new browser signing in (bcrypt on the server).
        await timed(op, "/api/auth/login", { cookie: undefined, body: { email: tenant.email, password: tenant.password } });
      } else if (op === "portal-code") {
        await timed(op, "/api/customer/verify-access", { cookie: undefined, body: { email: pick(tenant.customers).email } });
      } else if (op === "dashboard") {
        await timed(op, `/api/dashboard/${pick(DASHBOARD)}`);
      } else {
        await timed(op, pick(HUB));
      }
    }
  };
  const events = (opts.events ?? []).map(
    (e) =>
      new Promise<void>((resolve) =>
        setTimeout(async () => {
          const start = now();
          const result = await e.run().catch((err: Error) => `failed: ${err.message}`);
          log.events.push({ label: e.label, start, end: now(), result });
          resolve();
        }, e.at),
      ),
  );
  await Promise.all([...Array.from({ length: opts.clients }, (_, i) => client(i)), ...events]);
  log.endedAt = Date.now();
  return log;
}

/** Status counts, per-op counts and throughput of a log. */
export function summarise(log: MixLog) {
  const seconds = (log.endedAt - log.startedAt) / 1000;
  const byStatus: Record<string, number> = {};
  const byOp: Record<string, { n: number; ok: number; p95: number }> = {};
  const lat: Record<string, number[]> = {};
  for (const r of log.requests) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    (byOp[r.op] ??= { n: 0, ok: 0, p95: 0 }).n++;
    if (r.status >= 200 && r.status < 300) byOp[r.op].ok++;
    (lat[r.op] ??= []).push(r.end - r.start);
  }
  for (const [op, xs] of Object.entries(lat)) {
    xs.sort((a, b) => a - b);
    byOp[op].p95 = Math.round(xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]);
  }
  const all = log.requests.map((r) => r.end - r.start).sort((a, b) => a - b);
  const servedBy: Record<string, number> = {};
  for (const r of log.requests) if (r.servedBy) servedBy[r.servedBy] = (servedBy[r.servedBy] ?? 0) + 1;
  return {
    seconds: Math.round(seconds * 10) / 10,
    requests: log.requests.length,
    rps: Math.round((log.requests.length / seconds) * 10) / 10,
    p50: Math.round(all[Math.floor(all.length / 2)] ?? 0),
    p95: Math.round(all[Math.floor(all.length * 0.95)] ?? 0),
    serverErrors: log.requests.filter((r) => r.status >= 500 || r.status === 0).length,
    byStatus,
    byOp,
    servedBy,
    acknowledgedWrites: log.writes.length,
  };
}

// HTTP scenarios through autocannon (a maintained load generator) against the running server.
// Latencies come from autocannon's own per-response timings (sub-millisecond), not its histogram,
// which rounds to whole milliseconds.
import autocannon from "autocannon";
import { timing, type Timing } from "./stats";

export type LoadResult = Timing & { rps: number; requests: number; errors: number; non2xx: number; samples: number[] };

type Scenario = {
  url: string;
  connections: number;
  /** Either a number of requests or a duration in seconds. */
  amount?: number;
  duration?: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  /** Builds each request's JSON body (called once per request). */
  body?: () => unknown;
  warmup?: number;
};

function once(s: Scenario, amount?: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    const u = new URL(s.url);
    const opts: autocannon.Options = {
      url: u.origin,
      connections: s.connections,
      ...(amount ? { amount } : { duration: s.duration ?? 10 }),
      timeout: 30,
      requests: [
        {
          method: s.method ?? "GET",
          path: u.pathname + u.search,
          headers: { ...(s.headers ?? {}), ...(s.body ? { "content-type": "application/json" } : {}) },
          ...(s.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(s.body!()) }) } : {}),
        },
      ],
    };
    const inst = autocannon(opts, (err, r) => {
      if (err) return reject(err);
      resolve({ ...timing(samples), samples, rps: Math.round(r.requests.average * 10) / 10, requests: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
    inst.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => samples.push(ms));
  });
}

/** Runs the scenario (after `warmup` requests that are not counted). */
export async function load(s: Scenario): Promise<LoadResult> {
  if (s.warmup) await once({ ...s, connections: Math.min(s.connections, 4) }, s.warmup);
  return once(s, s.amount);
}

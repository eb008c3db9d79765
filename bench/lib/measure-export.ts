import os from "node:os";
import { performance } from "node:perf_hooks";
import type { BenchRow } from "./results";
import { groupRssMb } from "./server";
import { round2 } from "./stats";

/** GET /api/customers/marketing-export read to its last byte, with the server's resident memory
 *  sampled every 100 ms meanwhile (issue 23: < 10 s, < 300 MB). */
export async function measureExport(base: string, headers: Record<string, string>, serverPgid: number): Promise<BenchRow[]> {
  let peak = groupRssMb(serverPgid);
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, groupRssMb(serverPgid))), 100);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  let status = 0;
  try {
    const res = await fetch(`${base}/api/customers/marketing-export`, { headers });
    status = res.status;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = Math.round(performance.now() - t0);
  const ok = status === 200;
  const customers = Math.max(0, lines - 1);
  const load = os.loadavg().map(round2).join(" ");
  return [
    {
      group: "export",
      name: "GET /api/customers/marketing-export (whole file)",
      value: ms,
      unit: "ms",
      budget: "< 10000 ms",
      met: ok && ms < 10_000,
      note: `${customers} customers, ${Math.round(bytes / 1024)} kB, first byte after ${Math.round(firstByteMs)} ms; HTTP ${status}; load average ${load}`,
    },
    { group: "export", name: "server peak resident memory during the export", value: peak, unit: "MB", budget: "< 300 MB", met: ok && peak < 300, note: `${before} MB before it` },
  ];
}

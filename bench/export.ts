// The marketing export at 100,000 customers (issue 23), alone:
//   node --import tsx bench/export.ts [--customers 100000] [--runs 3] [--write-results]
// Seeds one business of --customers, every one of them on the marketing list (transactions do not
// change the export, so none are seeded), then calls GET /api/customers/marketing-export's route
// handler in this process and reads the stream to its last byte, sampling this process's resident
// memory every 50 ms meanwhile. bench/run.ts measures the same through the production server.
import { performance } from "node:perf_hooks";
import type { BenchRow } from "./lib/results";
import { benchMain, numberArg } from "./lib/child-bench";
import { round2, timing } from "./lib/stats";
import { businessSessionCookie, pointAppAt, type RouteHandler as Handler } from "./lib/in-process";
import { throwawayDatabase } from "./lib/throwaway-db";
import { migrate } from "../scripts/lib/embedded-db";
import { seedLargeBusiness } from "./seed-large";
import os from "node:os";

const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);

async function measure(): Promise<BenchRow[]> {
  const customers = numberArg("customers", 100_000);
  const runs = numberArg("runs", 3);
  const target = await throwawayDatabase();
  try {
    await migrate(target.url);
    const seeded = await seedLargeBusiness(target.url, { customers, transactions: 0, vouchers: 0, consent: true, label: "Bench Export Café" });
    pointAppAt(target.url);
    const { NextRequest } = await import("next/server");
    const { GET } = (await import("../app/api/customers/marketing-export/route")) as { GET: Handler };
    const cookie = await businessSessionCookie(seeded.businessId);
    const once = async () => {
      const t0 = performance.now();
      const res = await GET(new NextRequest("http://localhost/api/customers/marketing-export", { headers: { cookie } }), { params: Promise.resolve({}) });
      if (res.status !== 200) throw new Error(`export: HTTP ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      return { ms: performance.now() - t0, bytes, customers: lines - 1 };
    };
    global.gc?.();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    const results = [];
    try {
      for (let i = 0; i < runs; i++) results.push(await once());
    } finally {
      clearInterval(sampler);
    }
    const t = timing(results.map((r) => r.ms));
    const last = results[results.length - 1];
    const load = os.loadavg().map(round2).join(" ");
    return [
      {
        group: "export",
        name: "marketing export of 100,000 customers, in process (whole stream)",
        value: Math.round(t.median),
        unit: "ms",
        budget: "< 10000 ms",
        met: t.median < 10_000,
        note: `${last.customers} customers, ${Math.round(last.bytes / 1024)} kB; median of ${runs}, max ${Math.round(Math.max(...results.map((r) => r.ms)))} ms; load average ${load}`,
      },
      {
        group: "export",
        name: "marketing export: resident memory of the process serving it",
        value: peak,
        unit: "MB",
        budget: "< 300 MB",
        met: peak < 300,
        note: `${before} MB before the first export (app modules loaded), peak ${peak} MB over ${runs} exports sampled every 50 ms`,
      },
    ];
  } finally {
    await target.drop().catch(() => {});
  }
}

if (require.main === module) benchMain(measure);

// Live wallet passes: how long after a purchase's response the pass update pushes leave, for one
// pass registered on 1,000 devices, against a local HTTP/2 APNs stand-in (TLS, client certificate,
// topic checked) in this process.
//   node --import tsx bench/wallet-push.ts [--devices 1000] [--runs 5]
// The route handler runs in-process (like bench/dashboard.ts); outside a request scope the pushes go
// out as a detached promise, as Next's after() would start them once the response is sent. Times
// are from the handler's response to each push's arrival at the stand-in (so they include the TLS
// handshake of the batch's one HTTP/2 session). Uses a throwaway database (DATABASE_URL's server when
// set, else embedded PGlite). `runWalletPushBench()` runs the same thing in a child process, so the
// app modules read this bench's environment however the caller was configured.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Client } from "pg";
import type { BenchRow } from "./lib/results";
import { timing } from "./lib/stats";
import { benchMain, numberArg, runInChild } from "./lib/child-bench";
import { setAppleBenchEnv, startWalletBench } from "./lib/wallet-bench-env";
import { allowServerOnlyImports } from "../scripts/lib/allow-server-only";
import { businessSessionCookie } from "./lib/in-process";

const PASS_TYPE = "pass.bench.loyalty";


type Handler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;


const median = (xs: number[]) => timing(xs).median;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

async function measure(devices: number, runs: number): Promise<BenchRow[]> {
  const { seedLargeBusiness } = await import("./seed-large");
  const { target, pass, apns, close } = await startWalletBench(PASS_TYPE);
  try {
    const seeded = await seedLargeBusiness(target.url, { customers: 20, transactions: 0, vouchers: 0, label: "Bench Wallet Café" });
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    let customerId: number;
    try {
      const row = await pg.query<{ id: number; cardId: number }>(
        `SELECT c.id, l.id AS "cardId" FROM customers c JOIN loyalty_cards l ON l."customerId" = c.id
         WHERE c."businessId" = $1 AND c."accountStatus" = 'active' AND c."parkedAt" IS NULL ORDER BY c.id LIMIT 1`,
        [seeded.businessId],
      );
      customerId = row.rows[0].id;
      const cardId = row.rows[0].cardId;
      await pg.query(`UPDATE loyalty_cards SET "passkitStatus" = 'created', "appleAuthToken" = $2, "applePushedTag" = "passUpdatedAt" WHERE id = $1`, [cardId, randomBytes(24).toString("base64url")]);
      // 1,000 phones: 64-hex-digit tokens, one registration each
      await pg.query(
        `INSERT INTO wallet_device_registrations ("loyaltyCardId", "deviceLibraryIdentifier", "passTypeIdentifier", "pushToken", "updatedAt")
         SELECT $1, 'bench-device-' || i, $2, md5('a' || i) || md5('b' || i), now() FROM generate_series(1, $3::int) AS i`,
        [cardId, PASS_TYPE, devices],
      );
    } finally {
      await pg.end();
    }

    setAppleBenchEnv({ databaseUrl: target.url, passType: PASS_TYPE, pass, apns });
    allowServerOnlyImports();
    const { NextRequest } = await import("next/server");
    const { flushPassPushes } = await import("../lib/wallet/push/notify-pass-change");
    const { POST } = (await import("../app/api/transactions/route")) as { POST: Handler };
    const cookie = await businessSessionCookie(seeded.businessId);

    const purchase = async () => {
      const req = new NextRequest("http://localhost/api/transactions", {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
        body: JSON.stringify({ customerId, type: "purchase", amount: "4.20" }),
      });
      const res = await POST(req, { params: Promise.resolve({}) });
      const respondedAt = performance.now();
      if (res.status !== 201) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
      return respondedAt;
    };

    const samples: { first: number; last: number; total: number }[] = [];
    for (let run = 0; run <= runs; run++) {
      const before = apns.pushes.length;
      const respondedAt = await purchase();
      await apns.waitForSent(before + devices, 60_000);
      await flushPassPushes();
      const batch = apns.pushes.slice(before);
      if (batch.length !== devices) throw new Error(`expected ${devices} pushes, got ${batch.length}`);
      const times = batch.map((p) => p.receivedAt - respondedAt);
      if (run > 0) samples.push({ first: Math.min(...times), last: Math.max(...times), total: batch.length }); // run 0 warms up
    }
    const first = round1(median(samples.map((s) => s.first)));
    const last = round1(median(samples.map((s) => s.last)));
    const note = `${devices.toLocaleString("en-GB")} devices on one pass, median of ${runs} purchases, local HTTP/2 APNs stand-in, ${target.kind}`;
    return [
      { group: "wallet", name: `purchase response -> first APNs push (${devices.toLocaleString("en-GB")} devices)`, value: first, unit: "ms", met: null, note },
      { group: "wallet", name: `purchase response -> last APNs push (${devices.toLocaleString("en-GB")} devices)`, value: last, unit: "ms", met: null, note },
      { group: "wallet", name: "APNs pushes per second (one HTTP/2 session)", value: Math.round((devices / Math.max(1, last - first)) * 1000), unit: "req/s", met: null, note },
    ];
  } finally {
    await close();
  }
}

/** For `npm run bench`: runs this file in a child process and returns its rows. */
export function runWalletPushBench(opts: { devices?: number; runs?: number } = {}): Promise<BenchRow[]> {
  return runInChild(path.join(__dirname, "wallet-push.ts"), { devices: opts.devices ?? 1000, runs: opts.runs ?? 5 });
}

if (require.main === module) benchMain(() => measure(numberArg("devices", 1000), numberArg("runs", 5)));

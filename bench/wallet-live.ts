// Live wallet passes under load (issue 18): 1,000 phones, each holding the passes of two cafés,
// while purchases change passes 10 times a second for 30 s. Pushes go to a local HTTP/2 APNs
// stand-in (TLS, client certificate, topic checked); each phone reacts to a push exactly as iOS
// does: GET .../registrations/{passType}?passesUpdatedSince=<its tag>, then each listed pass with
// If-Modified-Since, reading the balance out of the downloaded pass.json. Phones sync only when
// pushed, so at the end a phone's view equals the database only if every change was pushed, no
// tag skipped it and no 304 hid it.
//   node --import tsx bench/wallet-live.ts [--devices 1000] [--cards 250] [--rate 10] [--seconds 30]
// Route handlers run in-process (like bench/wallet-push.ts); outside a request scope the pushes
// go out as a detached promise, as Next's after() would start them once the response is sent.
// Change-to-push is measured from the start of the purchase request (its commit comes later) to
// each of the card's devices receiving a push. `runWalletLiveBench()` runs it in a child process.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Client } from "pg";
import type { BenchRow } from "./lib/results";
import { timing } from "./lib/stats";
import { benchMain, numberArg, runInChild } from "./lib/child-bench";
import { setAppleBenchEnv, startWalletBench } from "./lib/wallet-bench-env";
import { allowServerOnlyImports } from "../scripts/lib/allow-server-only";
import { businessSessionCookie } from "./lib/in-process";

const PASS_TYPE = "pass.bench.live";

type Handler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Options = { devices: number; cards: number; rate: number; seconds: number };

/** pass.json out of a .pkpass: pass-js writes stored (uncompressed) zip entries. */
function passJsonOf(zip: Buffer): { storeCard: { primaryFields: Array<{ key: string; value: number }> } } {
  let at = 0;
  while (at + 30 <= zip.length && zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    if (name === "pass.json") {
      if (method !== 0) throw new Error("pass.json is compressed");
      return JSON.parse(zip.toString("utf8", start, start + size));
    }
    at = start + size;
  }
  throw new Error("no pass.json in the pass");
}

async function measure(o: Options): Promise<BenchRow[]> {
  const { seedLargeBusiness } = await import("./seed-large");
  const pushListeners: Array<(token: string, at: number) => void> = [];
  const { target, pass, apns, close } = await startWalletBench(PASS_TYPE, (p) => p.status === 200 && pushListeners.forEach((l) => l(p.token, p.receivedAt)));
  try {
    type Card = { cardId: number; customerId: number; serial: string; authToken: string; businessId: number };
    const cards: Card[] = [];
    const businessIds: number[] = [];
    for (const label of ["Bench Live Café A", "Bench Live Café B"]) {
      const seeded = await seedLargeBusiness(target.url, { customers: o.cards + 20, transactions: 0, vouchers: 0, label });
      businessIds.push(seeded.businessId);
    }
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    const devices: Array<{ id: string; token: string; serials: string[] }> = [];
    try {
      for (const businessId of businessIds) {
        const rows = await pg.query<{ id: number; cardId: number; serial: string }>(
          `SELECT c.id, l.id AS "cardId", l."membershipNumber" AS serial FROM customers c JOIN loyalty_cards l ON l."customerId" = c.id
           WHERE c."businessId" = $1 AND c."accountStatus" = 'active' AND c."parkedAt" IS NULL ORDER BY c.id LIMIT $2`,
          [businessId, o.cards],
        );
        for (const r of rows.rows) {
          const authToken = randomBytes(18).toString("base64url");
          await pg.query(`UPDATE loyalty_cards SET "passkitStatus" = 'created', "appleAuthToken" = $2 WHERE id = $1`, [r.cardId, authToken]);
          cards.push({ cardId: r.cardId, customerId: r.id, serial: r.serial, authToken, businessId });
        }
      }
      await pg.query(`UPDATE loyalty_cards SET "applePushedTag" = "passUpdatedAt"`);
      const a = cards.filter((c) => c.businessId === businessIds[0]);
      const b = cards.filter((c) => c.businessId === businessIds[1]);
      for (let i = 0; i < o.devices; i++) {
        const token = randomBytes(32).toString("hex");
        const held = [a[i % a.length], b[(i * 7 + 3) % b.length]];
        devices.push({ id: `bench-phone-${i}`, token, serials: held.map((c) => c.serial) });
        for (const c of held) {
          await pg.query(
            `INSERT INTO wallet_device_registrations ("loyaltyCardId", "deviceLibraryIdentifier", "passTypeIdentifier", "pushToken", "updatedAt") VALUES ($1, $2, $3, $4, now())`,
            [c.cardId, `bench-phone-${i}`, PASS_TYPE, token],
          );
        }
      }
    } finally {
      await pg.end();
    }

    setAppleBenchEnv({
      databaseUrl: target.url,
      passType: PASS_TYPE,
      pass,
      apns,
      // the pass certificate stands in for Apple's intermediate in the signature
      extra: { APPLE_WWDR_CERT_PEM: pass.certPem, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    });
    allowServerOnlyImports();
    const { NextRequest } = await import("next/server");
    const { flushPassPushes } = await import("../lib/wallet/push/notify-pass-change");
    const { db } = await import("../lib/db");
    const { POST } = (await import("../app/api/transactions/route")) as { POST: Handler };
    const list = (await import("../app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route")) as { GET: Handler };
    const passRoute = (await import("../app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route")) as { GET: Handler };
    const cookies = new Map<number, string>();
    for (const businessId of businessIds) cookies.set(businessId, await businessSessionCookie(businessId));
    const bySerial = new Map(cards.map((c) => [c.serial, c]));

    // ---- the phones
    let listCalls = 0;
    let downloads = 0;
    let notModified = 0;
    const phones = devices.map((d) => ({ ...d, tag: undefined as string | undefined, view: new Map<string, { points: number; lastModified?: string }>(), busy: null as Promise<void> | null, again: false }));
    const byToken = new Map(phones.map((p) => [p.token, p]));
    const ip = () => `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    async function listSince(p: (typeof phones)[number]) {
      listCalls++;
      const url = `http://localhost/api/wallet/apple/v1/devices/${p.id}/registrations/${PASS_TYPE}${p.tag ? `?passesUpdatedSince=${p.tag}` : ""}`;
      const res = await list.GET(new NextRequest(url, { headers: { "x-forwarded-for": ip() } }), { params: Promise.resolve({ deviceLibraryIdentifier: p.id, passTypeIdentifier: PASS_TYPE }) });
      if (res.status === 204) return null;
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      return (await res.json()) as { serialNumbers: string[]; lastUpdated: string };
    }
    async function sync(p: (typeof phones)[number]) {
      const changed = await listSince(p);
      if (!changed) return;
      for (const serial of changed.serialNumbers) {
        const card = bySerial.get(serial)!;
        const held = p.view.get(serial);
        const headers: Record<string, string> = { authorization: `ApplePass ${card.authToken}`, "x-forwarded-for": ip() };
        if (held?.lastModified) headers["if-modified-since"] = held.lastModified;
        const res = await passRoute.GET(new NextRequest(`http://localhost/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`, { headers }), {
          params: Promise.resolve({ passTypeIdentifier: PASS_TYPE, serialNumber: serial }),
        });
        if (res.status === 304) {
          notModified++;
          continue;
        }
        if (res.status !== 200) throw new Error(`pass download answered ${res.status}`);
        downloads++;
        const json = passJsonOf(Buffer.from(await res.arrayBuffer()));
        p.view.set(serial, { points: json.storeCard.primaryFields.find((f) => f.key === "points")!.value, lastModified: res.headers.get("last-modified") ?? undefined });
      }
      p.tag = changed.lastUpdated;
    }
    /** iOS coalesces pushes: one sync at a time per phone, one more if pushed meanwhile. */
    const errors: string[] = [];
    function pushed(p: (typeof phones)[number]) {
      if (p.busy) {
        p.again = true;
        return;
      }
      p.busy = (async () => {
        do {
          p.again = false;
          await sync(p).catch((e: unknown) => errors.push(String(e)));
        } while (p.again);
        p.busy = null;
      })();
    }

    // The phones hold their passes as installed: today's balances and the current tag.
    const start = await db.customer.findMany({ where: { id: { in: cards.map((c) => c.customerId) } }, select: { id: true, totalPoints: true } });
    const pointsOf = new Map(start.map((c) => [c.id, c.totalPoints]));
    for (const p of phones) {
      for (const serial of p.serials) p.view.set(serial, { points: pointsOf.get(bySerial.get(serial)!.customerId)! });
      p.tag = (await listSince(p))?.lastUpdated;
    }
    listCalls = 0;

    // ---- the load: o.rate purchases a second for o.seconds, on random cards of both cafés
    const tokensOf = new Map<number, string[]>();
    for (const p of phones) for (const serial of p.serials) tokensOf.set(bySerial.get(serial)!.cardId, [...(tokensOf.get(bySerial.get(serial)!.cardId) ?? []), p.token]);
    const arrivals = new Map<string, number[]>(); // token -> epoch ms of each push received
    pushListeners.push((token, at) => {
      arrivals.set(token, [...(arrivals.get(token) ?? []), performance.timeOrigin + at]);
      const phone = byToken.get(token);
      if (phone) pushed(phone);
    });
    // each change: its card, when its request started and when it committed (the tag's commit-time
    // timestamp, read once the response is back; same machine clock as the arrivals)
    const changes: Array<{ cardId: number; startedAt: number; committedAt?: number }> = [];
    const purchases: Promise<void>[] = [];
    const total = o.rate * o.seconds;
    const t0 = performance.now();
    let failedPurchases = 0;
    const responses: number[] = [];
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / o.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const card = cards[Math.floor(Math.random() * cards.length)];
      const startedAt = performance.now();
      const change: (typeof changes)[number] = { cardId: card.cardId, startedAt: performance.timeOrigin + startedAt };
      changes.push(change);
      const req = new NextRequest("http://localhost/api/transactions", {
        method: "POST",
        headers: { cookie: cookies.get(card.businessId)!, "content-type": "application/json", "x-forwarded-for": ip() },
        body: JSON.stringify({ customerId: card.customerId, type: "purchase", amount: `${1 + Math.floor(Math.random() * 9)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}` }),
      });
      purchases.push(
        POST(req, { params: Promise.resolve({}) }).then(async (res) => {
          responses.push(performance.now() - startedAt);
          change.committedAt = (await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.cardId }, select: { passUpdatedAt: true } })).passUpdatedAt.getTime();
          if (res.status !== 201) {
            failedPurchases++;
            errors.push(`purchase ${res.status}: ${(await res.text()).slice(0, 200)}`);
          }
        }),
      );
    }
    await Promise.all(purchases);
    const loadSeconds = (performance.now() - t0) / 1000;
    // every push the changes started, and every sync those pushes started
    for (let quiet = 0; quiet < 3; ) {
      await flushPassPushes();
      const busy = phones.filter((p) => p.busy).map((p) => p.busy);
      if (busy.length) {
        quiet = 0;
        await Promise.all(busy);
      } else {
        quiet++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    // ---- the phones' view against the server's
    const end = await db.customer.findMany({ where: { id: { in: cards.map((c) => c.customerId) } }, select: { id: true, totalPoints: true } });
    const serverPoints = new Map(end.map((c) => [c.id, c.totalPoints]));
    let missed = 0;
    for (const p of phones) for (const serial of p.serials) if (p.view.get(serial)?.points !== serverPoints.get(bySerial.get(serial)!.customerId)) missed++;
    // each (change, phone holding the card): the first push the phone received after the commit
    const fromCommit: number[] = [];
    const fromRequest: number[] = [];
    let unpushed = 0;
    for (const c of changes) {
      for (const token of tokensOf.get(c.cardId) ?? []) {
        const first = (arrivals.get(token) ?? []).find((at) => at >= c.committedAt!);
        if (first === undefined) unpushed++;
        else {
          fromCommit.push(first - c.committedAt!);
          fromRequest.push(first - c.startedAt);
        }
      }
    }
    if (errors.length) console.error(`[bench wallet-live] ${errors.length} errors, first: ${errors[0]}`);
    await db.$disconnect();

    const t = timing(fromCommit);
    const q = timing(fromRequest);
    const r = timing(responses);
    const scene = `${o.devices.toLocaleString("en-GB")} phones x 2 passes over 2 cafés (${o.cards} cards each), ${total} purchases at ${o.rate}/s in ${loadSeconds.toFixed(1)} s, local HTTP/2 APNs stand-in, ${target.kind}`;
    return [
      { group: "wallet", name: "live passes: phones' passes differing from the server after the run", value: missed, unit: "ratio", budget: "0", met: missed === 0 && failedPurchases === 0, note: `${o.devices * 2} passes compared; phones synced only when pushed: ${listCalls} list calls, ${downloads} downloads, ${notModified} x 304; ${failedPurchases} purchases failed` },
      { group: "wallet", name: "live passes: device pushes missing after a change", value: unpushed, unit: "ratio", budget: "0", met: unpushed === 0, note: scene },
      { group: "wallet", name: "live passes: change (commit) -> APNs push p95", value: Math.round(t.p95), unit: "ms", budget: "<= 1000 ms", met: t.p95 <= 1000, note: `median ${Math.round(t.median)} ms, max ${Math.round(t.max)} ms over ${t.n} (change, phone) pairs` },
      { group: "wallet", name: "live passes: purchase request start -> APNs push p95", value: Math.round(q.p95), unit: "ms", met: null, note: `median ${Math.round(q.median)} ms; includes the purchase itself (median ${Math.round(r.median)} ms, p95 ${Math.round(r.p95)} ms)` },
    ];
  } finally {
    await close();
  }
}

/** For `npm run bench`: runs this file in a child process and returns its rows. */
export function runWalletLiveBench(opts: Partial<Options> = {}): Promise<BenchRow[]> {
  return runInChild(path.join(__dirname, "wallet-live.ts"), { devices: 1000, cards: 250, rate: 10, seconds: 30, ...opts });
}

if (require.main === module) {
  benchMain(() => measure({ devices: numberArg("devices", 1000), cards: numberArg("cards", 250), rate: numberArg("rate", 10), seconds: numberArg("seconds", 30) }));
}

/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { Client } from "pg";
import { db } from "@/lib/db";
import { call, freshIp } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { makeSelfSignedIdentity, type TlsIdentity } from "../helpers/apns-stand-in";
import { withIsolatedEnv } from "../helpers/isolated-env";

// Issue 18, item 1: the update tags of Apple's pass web service. One phone holds passes of two
// cafés; writers on their own connections change the passes in transactions that take a while to
// commit, while the phone polls GET .../registrations/{passType}?passesUpdatedSince= and downloads
// each listed pass with If-Modified-Since, exactly as a device does. When the writers are done the
// phone asks once more (the last push): its view must equal the database, i.e. no change was
// skipped by the tag or hidden by a 304.

const PASS_TYPE = "pass.test.tags";
const WALLET_VARS = ["APPLE_PASS_TYPE_IDENTIFIER", "APPLE_TEAM_IDENTIFIER", "APPLE_PASS_CERTIFICATE_PEM", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_PASS_KEY_PASSPHRASE", "APPLE_APNS_URL", "APPLE_APNS_CA_PEM", "GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON", "GOOGLE_WALLET_API_BASE"];

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let identity: TlsIdentity;
let tmp: string;

beforeAll(() => {
  identity = makeSelfSignedIdentity(`/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAMID`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-tags-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function withApple(fn: (m: { list: Handler; pass: Handler }) => Promise<void>) {
  const vars = {
    APPLE_PASS_TYPE_IDENTIFIER: PASS_TYPE,
    APPLE_TEAM_IDENTIFIER: "TEAMID",
    APPLE_PASS_CERTIFICATE_PEM: identity.certPem,
    APPLE_PASS_PRIVATE_KEY_PEM: identity.keyPem,
    APPLE_APNS_URL: "https://127.0.0.1:9", // nothing here pushes
  };
  await withIsolatedEnv(WALLET_VARS, vars, async () => {
    const list = await import("@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route");
    const pass = await import("@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route");
    await fn({ list: list.GET as Handler, pass: pass.GET as Handler });
  });
}

type Card = { cardId: number; customerId: number; serial: string; token: string };

/** n cards in each of two businesses, with Apple passes, all registered on one device (the first
 *  `registered` of them only, when given). */
async function twoCafesOnePhone(n: number, registered?: number) {
  const cards: Card[] = [];
  for (let b = 0; b < 2; b++) {
    const business = await createBusinessSession();
    for (let i = 0; i < n; i++) {
      const { customer, card } = await addCustomerWithCard(business.businessId, { name: `Start ${b}-${i}` });
      const token = randomBytes(18).toString("base64url");
      await db.loyaltyCard.update({ where: { id: card.id }, data: { passkitStatus: "created", appleAuthToken: token } });
      cards.push({ cardId: card.id, customerId: customer.id, serial: card.membershipNumber, token });
    }
  }
  const device = `device-${randomBytes(6).toString("hex")}`;
  await registerOn(device, cards.slice(0, registered ?? cards.length));
  return { cards, device };
}

const registerOn = (device: string, cards: Card[]) =>
  db.walletDeviceRegistration.createMany({
    data: cards.map((c) => ({ loyaltyCardId: c.cardId, deviceLibraryIdentifier: device, passTypeIdentifier: PASS_TYPE, pushToken: "ab".repeat(32) })),
  });

/** The name a downloaded .pkpass shows. */
function nameInPass(pkpass: Buffer): string {
  const file = path.join(tmp, `${randomBytes(6).toString("hex")}.pkpass`);
  fs.writeFileSync(file, pkpass);
  const json = JSON.parse(execFileSync("unzip", ["-p", file, "pass.json"]).toString("utf8")) as { storeCard: { secondaryFields: Array<{ key: string; value: string }> } };
  fs.rmSync(file);
  return json.storeCard.secondaryFields.find((f) => f.key === "name")!.value;
}

/** A phone playing Apple's protocol: tag, and per pass the name it shows and its Last-Modified. */
function phone(m: { list: Handler; pass: Handler }, device: string, cards: Card[]) {
  let tag: string | undefined;
  const view = new Map<string, { name?: string; lastModified?: string }>();
  const bySerial = new Map(cards.map((c) => [c.serial, c]));
  const problems: string[] = [];
  async function download(serial: string) {
    const held = view.get(serial);
    const headers: Record<string, string> = { authorization: `ApplePass ${bySerial.get(serial)!.token}`, "x-forwarded-for": freshIp() };
    if (held?.lastModified) headers["if-modified-since"] = held.lastModified;
    const res = await m.pass(new NextRequest(`http://localhost/api/wallet/apple/v1/passes/${PASS_TYPE}/${serial}`, { headers }), {
      params: Promise.resolve({ passTypeIdentifier: PASS_TYPE, serialNumber: serial }),
    });
    const lastModified = res.headers.get("last-modified");
    const date = res.headers.get("date");
    if (!date || !lastModified) problems.push(`${res.status} without Date or Last-Modified`);
    else if (Date.parse(lastModified) > Date.parse(date)) problems.push(`Last-Modified ${lastModified} after Date ${date}`);
    if (res.status === 304) return;
    if (res.status !== 200) throw new Error(`pass download answered ${res.status}`);
    view.set(serial, { name: nameInPass(Buffer.from(await res.arrayBuffer())), lastModified: lastModified ?? undefined });
  }
  return {
    view,
    problems,
    /** Adding a pass: the phone downloads it, then registers it (registerOn). */
    install: download,
    /** Woken by a push: what changed since my tag, then each listed pass. */
    async sync() {
      const res = await call<{ serialNumbers: string[]; lastUpdated: string }>(m.list, {
        path: `/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}${tag ? `?passesUpdatedSince=${tag}` : ""}`,
        params: { deviceLibraryIdentifier: device, passTypeIdentifier: PASS_TYPE },
      });
      if (res.status === 204) return 0;
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      for (const serial of res.json.serialNumbers) await download(serial);
      tag = res.json.lastUpdated;
      return res.json.serialNumbers.length;
    },
  };
}

/** A writer on its own connection renaming random cards' customers, each change committing a
 *  little after its statement ran, so other writers commit meanwhile. */
async function slowWriter(cards: Card[], w: number, changes: number) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < changes; i++) {
      const card = cards[Math.floor(Math.random() * cards.length)];
      await client.query("BEGIN");
      await client.query(`UPDATE customers SET name = $1 WHERE id = $2`, [`Writer ${w} change ${i}`, card.customerId]);
      await client.query(`SELECT pg_sleep($1)`, [Math.random() * 0.08]);
      await client.query("COMMIT");
      await new Promise((r) => setTimeout(r, Math.random() * 15));
    }
  } finally {
    await client.end();
  }
}

async function serverNames(cards: Card[]) {
  const rows = await db.customer.findMany({ where: { id: { in: cards.map((c) => c.customerId) } }, select: { id: true, name: true } });
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return new Map(cards.map((c) => [c.serial, byId.get(c.customerId)]));
}

describe("Apple web service update tags (issue 18)", () => {
  it("never skips a change: many writers committing slowly, a phone with two cafés' passes polling in between", async () => {
    await withApple(async (m) => {
      const { cards, device } = await twoCafesOnePhone(4);
      const p = phone(m, device, cards);
      expect(await p.sync()).toBe(cards.length); // first sync: every pass

      const WRITERS = 6;
      const CHANGES = 14;
      let writing = true;
      const writer = (w: number) => slowWriter(cards, w, CHANGES);
      const reader = async () => {
        while (writing) {
          await p.sync();
          await new Promise((r) => setTimeout(r, 2));
        }
      };
      const reading = reader();
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      writing = false;
      await reading;
      await p.sync(); // the push of the last change

      const server = await serverNames(cards);
      expect(new Map([...p.view].map(([serial, v]) => [serial, v.name]))).toEqual(server);
      expect(p.problems).toEqual([]);
    });
  }, 120_000);

  it("a pass changed between its download and its registration is named by the device's next list (issue 23: a registration re-tags its card in commit order)", async () => {
    await withApple(async (m) => {
      const { cards, device } = await twoCafesOnePhone(1, 1); // the first café's pass is on the phone, the second's not yet
      const [held, added] = cards;
      const p = phone(m, device, cards);
      expect(await p.sync()).toBe(1);
      await p.install(added.serial); // the phone adds the second pass...
      // ...which changes before the phone registers it: no device to ask for it, so its tag is
      // taken without the commit-order lock (and no push reaches this phone).
      await db.customer.update({ where: { id: added.customerId }, data: { name: "Changed before registering" } });
      // Another pass of the phone changes and the phone syncs: its tag is now past that change's.
      await db.customer.update({ where: { id: held.customerId }, data: { name: "Changed after" } });
      expect(await p.sync()).toBe(1);
      await registerOn(device, [added]); // the registration re-tags the added pass at its commit
      await p.sync(); // the phone's next list, woken by its next push
      expect(new Map([...p.view].map(([serial, v]) => [serial, v.name]))).toEqual(await serverNames(cards));
      expect(p.view.get(added.serial)?.name).toBe("Changed before registering");
    });
  }, 120_000);

  it("answers a pass changed twice within a second with Last-Modified no later than Date, and never 304 for the second change", async () => {
    await withApple(async (m) => {
      const { cards, device } = await twoCafesOnePhone(1);
      const p = phone(m, device, cards);
      await p.sync();
      for (let i = 0; i < 4; i++) {
        await db.customer.update({ where: { id: cards[0].customerId }, data: { name: `Quick ${i}` } });
        expect(await p.sync()).toBe(1);
        expect(p.view.get(cards[0].serial)!.name).toBe(`Quick ${i}`);
      }
      expect(p.problems).toEqual([]);
      // the tag never runs ahead of the clock: a list answer is not a promise about the future
      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: cards[0].cardId } });
      expect(row.passUpdatedAt.getTime()).toBeLessThanOrEqual(Date.now() + 5);
    });
  });

  it("treats a tag from the clock-based scheme as no tag (every pass once), and rejects nothing", async () => {
    await withApple(async (m) => {
      const { cards, device } = await twoCafesOnePhone(1);
      const res = await call<{ serialNumbers: string[] }>(m.list, {
        path: `/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${Date.now()}`,
        params: { deviceLibraryIdentifier: device, passTypeIdentifier: PASS_TYPE },
      });
      expect(res.status).toBe(200);
      expect(res.json.serialNumbers.sort()).toEqual(cards.map((c) => c.serial).sort());
    });
  });
});

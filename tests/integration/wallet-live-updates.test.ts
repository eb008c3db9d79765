/** @jest-environment node */
import { log } from "@/lib/log";
import { execFileSync } from "node:child_process";
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { call, freshIp } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { expectLedgerConsistent } from "../helpers/ledger";
import { APNS_DOCUMENTED_ERRORS, makeSelfSignedIdentity, startApnsStandIn, type ApnsStandIn, type TlsIdentity } from "../helpers/apns-stand-in";
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from "../helpers/google-wallet-stand-in";
import { withIsolatedEnv } from "../helpers/isolated-env";

// Issue 9: passes that update live. A phone's side of Apple's pass web service is played against
// our route handlers; pushes go to a local HTTP/2 APNs stand-in that insists on the pass type
// certificate and topic, and Google PATCHes to a local Wallet REST stand-in that verifies the
// service account's JWT. lib/env reads the environment at import, so the modules are imported afresh
// inside jest.isolateModulesAsync once the wallet variables are set.

const PASS_TYPE = "pass.test.live";
const ISSUER = "3388000000099999999";
const SERVICE_ACCOUNT = "wallet@loyalty-test.iam.gserviceaccount.com";
const KEY_ID = "0123456789abcdef0123456789abcdef01234567";
const WALLET_VARS = ["APPLE_PASS_TYPE_IDENTIFIER", "APPLE_TEAM_IDENTIFIER", "APPLE_PASS_CERTIFICATE_PEM", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_PASS_KEY_PASSPHRASE", "APPLE_WWDR_CERT_PEM", "APPLE_APNS_URL", "APPLE_APNS_CA_PEM", "GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON", "GOOGLE_WALLET_API_BASE"];

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let passIdentity: TlsIdentity;
let googlePublicKey: KeyObject;
let serviceAccountJson: string;
let apns: ApnsStandIn;
let google: GoogleWalletStandIn;
let tmp: string;
const businesses: number[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-live-"));
  passIdentity = makeSelfSignedIdentity(`/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAMID`);
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  googlePublicKey = pair.publicKey;
  serviceAccountJson = JSON.stringify({ type: "service_account", client_email: SERVICE_ACCOUNT, private_key_id: KEY_ID, private_key: pair.privateKey.export({ type: "pkcs8", format: "pem" }) });
  apns = await startApnsStandIn({ topic: PASS_TYPE, trustedClientCertPem: passIdentity.certPem });
  google = await startGoogleWalletStandIn({ publicKey: googlePublicKey, clientEmail: SERVICE_ACCOUNT, keyId: KEY_ID });
});

afterAll(async () => {
  await apns?.close();
  await google?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  await expectLedgerConsistent(businesses);
});

const walletEnv = (): Record<string, string> => ({
  APPLE_PASS_TYPE_IDENTIFIER: PASS_TYPE,
  APPLE_TEAM_IDENTIFIER: "TEAMID",
  APPLE_PASS_CERTIFICATE_PEM: passIdentity.certPem,
  APPLE_PASS_PRIVATE_KEY_PEM: passIdentity.keyPem,
  APPLE_WWDR_CERT_PEM: passIdentity.certPem, // stands in for Apple's intermediate: passes signed by Node's OpenSSL
  APPLE_APNS_URL: apns.url,
  APPLE_APNS_CA_PEM: apns.caPem,
  GOOGLE_WALLET_ISSUER_ID: ISSUER,
  GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: serviceAccountJson,
  GOOGLE_WALLET_API_BASE: google.url,
});

async function loadModules() {
  const { issueWalletPasses } = await import("@/lib/wallet/issue-wallet-passes");
  const { flushPassPushes } = await import("@/lib/wallet/push/notify-pass-change");
  const transactions = await import("@/app/api/transactions/route");
  const transaction = await import("@/app/api/transactions/[id]/route");
  const pass = await import("@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route");
  const registration = await import("@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/[serialNumber]/route");
  const registrations = await import("@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route");
  const log = await import("@/app/api/wallet/apple/v1/log/route");
  const cron = await import("@/app/api/cron/wallet-push/route");
  const save = await import("@/app/api/wallet/google/save/[membershipNumber]/route");
  const { listAdminLoyaltyCards } = await import("@/lib/admin/monitoring/list-admin-loyalty-cards");
  const { listWalletPushProblems } = await import("@/lib/admin/monitoring/list-wallet-push-problems");
  const { pushCardUpdates } = await import("@/lib/wallet/push/push-card-updates");
  return {
    issue: issueWalletPasses,
    flush: flushPassPushes,
    createTransaction: transactions.POST as Handler,
    deleteTransaction: transaction.DELETE as Handler,
    passRoute: pass.GET as Handler,
    register: registration.POST as Handler,
    unregister: registration.DELETE as Handler,
    listSince: registrations.GET as Handler,
    log: log.POST as Handler,
    cron: cron.GET as Handler,
    save: save.GET as Handler,
    listAdminLoyaltyCards,
    listWalletPushProblems,
    pushCardUpdates,
  };
}
type Modules = Awaited<ReturnType<typeof loadModules>>;

async function withWalletEnv(vars: Record<string, string>, fn: (m: Modules) => Promise<void>) {
  await withIsolatedEnv(WALLET_VARS, vars, async () => fn(await loadModules()));
}

/** A phone: one device library identifier and one push token, talking to our web service. */
function phone(m: Modules, serialNumber: string, authToken: string) {
  const deviceLibraryIdentifier = `device-${randomBytes(6).toString("hex")}`;
  const pushToken = randomBytes(32).toString("hex");
  const regPath = `/api/wallet/apple/v1/devices/${deviceLibraryIdentifier}/registrations/${PASS_TYPE}`;
  const params = { deviceLibraryIdentifier, passTypeIdentifier: PASS_TYPE, serialNumber };
  const auth = (token = authToken) => ({ authorization: `ApplePass ${token}` });
  return {
    deviceLibraryIdentifier,
    pushToken,
    register: (token?: string) => call(m.register, { method: "POST", path: `${regPath}/${serialNumber}`, params, body: { pushToken }, headers: auth(token) }),
    unregister: (token?: string) => call(m.unregister, { method: "DELETE", path: `${regPath}/${serialNumber}`, params, headers: auth(token) }),
    updatedSince: (tag?: string) =>
      call<{ serialNumbers: string[]; lastUpdated: string }>(m.listSince, {
        path: `${regPath}${tag ? `?passesUpdatedSince=${tag}` : ""}`,
        params: { deviceLibraryIdentifier, passTypeIdentifier: PASS_TYPE },
      }),
    async fetchPass(ifModifiedSince?: string) {
      const req = new NextRequest(`http://localhost/api/wallet/apple/v1/passes/${PASS_TYPE}/${serialNumber}`, {
        headers: { "x-forwarded-for": freshIp(), ...auth(), ...(ifModifiedSince ? { "if-modified-since": ifModifiedSince } : {}) },
      });
      const res = await m.passRoute(req, { params: Promise.resolve({ passTypeIdentifier: PASS_TYPE, serialNumber }) });
      return { status: res.status, lastModified: res.headers.get("last-modified"), body: Buffer.from(await res.arrayBuffer()) };
    },
  };
}

/** Unzips a .pkpass, checks every manifest hash and the signature with openssl; returns pass.json. */
function openVerifiedPass(pkpass: Buffer) {
  const dir = fs.mkdtempSync(path.join(tmp, "pass-"));
  const file = `${dir}.pkpass`;
  fs.writeFileSync(file, pkpass);
  execFileSync("unzip", ["-q", "-o", file, "-d", dir], { stdio: "pipe" });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<string, string>;
  const files = fs.readdirSync(dir).filter((f) => f !== "manifest.json" && f !== "signature");
  expect(Object.keys(manifest).sort()).toEqual(files.sort());
  for (const f of files) expect(manifest[f]).toBe(createHash("sha1").update(fs.readFileSync(path.join(dir, f))).digest("hex"));
  // throws (failing the test) unless the detached signature verifies over manifest.json
  execFileSync("openssl", ["cms", "-verify", "-noverify", "-binary", "-inform", "DER", "-in", path.join(dir, "signature"), "-content", path.join(dir, "manifest.json"), "-signer", path.join(dir, "signer.pem"), "-out", "/dev/null"], { stdio: "pipe" });
  return JSON.parse(fs.readFileSync(path.join(dir, "pass.json"), "utf8")) as { storeCard: { primaryFields: Array<{ value: number; changeMessage: string }> } };
}

async function issuedCard(m: Modules, opts: { totalPoints?: number; googleSaved?: boolean } = {}) {
  const business = await createBusinessSession();
  businesses.push(business.businessId);
  const { customer, card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones", totalPoints: opts.totalPoints ?? 0 });
  await m.issue(card.id);
  let issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
  expect(issued.passkitStatus).toBe("created");
  expect(issued.googleObjectId).toBeNull(); // nothing at Google until the customer saves the pass
  if (opts.googleSaved !== false) {
    expect((await saveToGoogle(m, issued)).status).toBe(302);
    issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
  }
  return { business, customer, card: issued };
}

/** The customer follows the card's "Save to Google Wallet" link (the object is created then). */
function saveToGoogle(m: Modules, card: { membershipNumber: string; googlePassUrl: string | null }) {
  const u = new URL(card.googlePassUrl!);
  return call(m.save, { path: `${u.pathname}${u.search}`, params: { membershipNumber: card.membershipNumber } });
}

/** Waits out the Last-Modified settling window (2 s) of get-latest-apple-pass. */
const settle = () => new Promise((r) => setTimeout(r, 3_000));

const purchase = (m: Modules, cookie: string, customerId: number, amount: string) =>
  call<{ transaction: { id: number }; customer: { totalPoints: number } }>(m.createTransaction, { method: "POST", cookie, body: { customerId, type: "purchase", amount } });

const pushesTo = (tokens: string[]) => apns.pushes.filter((p) => tokens.includes(p.token));
const googleRequestsFor = (objectId: string) => google.requests.filter((r) => r.path.endsWith(`/loyaltyObject/${encodeURIComponent(objectId)}`) || r.body.id === objectId);

describe("Apple pass web service and live updates", () => {
  it("runs the protocol as a phone would, and a purchase pushes once per device and patches Google once", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m);
      const a = phone(m, card.membershipNumber, card.appleAuthToken!);
      const b = phone(m, card.membershipNumber, card.appleAuthToken!);

      // register: wrong token 401, new 201, again 200
      expect((await a.register("wrong-token")).status).toBe(401);
      expect((await a.register()).status).toBe(201);
      expect((await a.register()).status).toBe(200);
      expect((await b.register()).status).toBe(201);
      expect(await db.walletDeviceRegistration.count({ where: { loyaltyCardId: card.id } })).toBe(2);

      // serial numbers: all without a tag, none (204) since the tag just given
      const first = await a.updatedSince();
      expect(first.status).toBe(200);
      expect(first.json.serialNumbers).toEqual([card.membershipNumber]);
      expect((await a.updatedSince(first.json.lastUpdated)).status).toBe(204);

      // the pass: 200 with Last-Modified, then 304 with If-Modified-Since
      const fetched = await a.fetchPass();
      expect(fetched.status).toBe(200);
      expect(openVerifiedPass(fetched.body).storeCard.primaryFields[0]).toMatchObject({ value: 0, changeMessage: "Balance: %@ points" });
      // a pass changed in the last 2 s is dated before that window (a change committing now could
      // share its second), so asking again at once downloads it again; once settled, 304
      expect(Date.parse(fetched.lastModified!)).toBeLessThan(Date.now() - 1000);
      await settle();
      const settled = await a.fetchPass();
      expect((await a.fetchPass(settled.lastModified!)).status).toBe(304);

      // a purchase: one push per registered device, signed in with the pass certificate, topic = pass type
      const bought = await purchase(m, business.cookie, customer.id, "12.50");
      expect(bought.status).toBe(201);
      await m.flush();
      const pushes = pushesTo([a.pushToken, b.pushToken]);
      expect(pushes.map((p) => p.token).sort()).toEqual([a.pushToken, b.pushToken].sort());
      for (const p of pushes) expect(p).toMatchObject({ topic: PASS_TYPE, clientSubject: `Pass Type ID: ${PASS_TYPE}`, body: "{}", status: 200 });

      // ... and one PATCH of the Google object with the new balance, notifying the holder
      const patches = googleRequestsFor(card.googleObjectId!).filter((r) => r.method === "PATCH");
      expect(patches).toHaveLength(1);
      expect(patches[0]).toMatchObject({ method: "PATCH", authorized: true, kid: KEY_ID, status: 200, body: { loyaltyPoints: { label: "Points", balance: { int: 12 } }, notifyPreference: "NOTIFY_ON_UPDATE" } });

      // the phone, woken by the push, asks what changed and fetches the new pass
      const changed = await a.updatedSince(first.json.lastUpdated);
      expect(changed.status).toBe(200);
      expect(changed.json.serialNumbers).toEqual([card.membershipNumber]);
      expect(Number(changed.json.lastUpdated)).toBeGreaterThan(Number(first.json.lastUpdated));
      const updated = await a.fetchPass(fetched.lastModified!);
      expect(updated.status).toBe(200);
      expect(openVerifiedPass(updated.body).storeCard.primaryFields[0].value).toBe(12);
      await settle();
      expect((await a.fetchPass((await a.fetchPass()).lastModified!)).status).toBe(304);

      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(row.lastPushAt).not.toBeNull();
      expect(row.lastPushError).toBeNull();
      expect(row.applePushedTag).toEqual(row.passUpdatedAt);
      expect(row.googlePushedTag).toEqual(row.passUpdatedAt);

      // unregister: wrong token 401, then gone; the next change pushes only to the other phone
      expect((await b.unregister("wrong-token")).status).toBe(401);
      expect((await b.unregister()).status).toBe(200);
      expect((await purchase(m, business.cookie, customer.id, "3.00")).status).toBe(201);
      await m.flush();
      expect(pushesTo([a.pushToken, b.pushToken]).map((p) => p.token).sort()).toEqual([a.pushToken, a.pushToken, b.pushToken].sort());

      // log
      const warn = jest.spyOn(log, "warn").mockImplementation(() => undefined);
      try {
        expect((await call(m.log, { method: "POST", path: "/api/wallet/apple/v1/log", body: { logs: ["Web service error for pass.test.live: 500"] } })).status).toBe(200);
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ source: "wallet" }), expect.stringContaining("Web service error for pass.test.live"));
      } finally {
        warn.mockRestore();
      }
      expect((await call(m.log, { method: "POST", path: "/api/wallet/apple/v1/log", body: { logs: "nope" } })).status).toBe(400);
    });
  });

  it("drops a registration APNs calls unregistered, and retries failures from the cron with backoff", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m);
      const gone = phone(m, card.membershipNumber, card.appleAuthToken!);
      const kept = phone(m, card.membershipNumber, card.appleAuthToken!);
      expect((await gone.register()).status).toBe(201);
      expect((await kept.register()).status).toBe(201);
      apns.answer(gone.pushToken, 410, "Unregistered");
      google.failNext(1, 503); // the round's one try at Google fails

      expect((await purchase(m, business.cookie, customer.id, "5.00")).status).toBe(201);
      await m.flush();
      expect(await db.walletDeviceRegistration.findMany({ where: { loyaltyCardId: card.id }, select: { pushToken: true } })).toEqual([{ pushToken: kept.pushToken }]);
      const failed = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(failed.lastPushError).toMatch(/Google PATCH loyaltyObject: HTTP 503 UNAVAILABLE/);
      expect(failed.googlePushAttempts).toBe(1);
      expect(failed.googleNextPushAt!.getTime()).toBeGreaterThan(Date.now());
      // Apple got through and keeps its own counter and backoff
      expect(failed).toMatchObject({ applePushAttempts: 0, appleNextPushAt: null, applePushError: null });
      expect(failed.applePushedTag).toEqual(failed.passUpdatedAt);
      expect(failed.googlePushedTag!.getTime()).toBeLessThan(failed.passUpdatedAt.getTime());

      const [monitored] = await m.listAdminLoyaltyCards({ businessId: business.businessId, status: undefined });
      expect(monitored).toMatchObject({ id: card.id, registrations: 1, lastPushError: expect.stringContaining("503"), pushPending: true });

      // the cron leaves it alone until the backoff has passed, then delivers it
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      expect(googleRequestsFor(card.googleObjectId!).filter((r) => r.method === "PATCH")).toHaveLength(1);
      await db.loyaltyCard.update({ where: { id: card.id }, data: { googleNextPushAt: new Date(Date.now() - 1000) } });
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      const patches = googleRequestsFor(card.googleObjectId!).filter((r) => r.method === "PATCH");
      expect(patches).toHaveLength(2);
      expect(patches[1].body).toMatchObject({ loyaltyPoints: { balance: { int: 5 } } });
      const healed = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(healed).toMatchObject({ lastPushError: null, googlePushAttempts: 0, googleNextPushAt: null, googlePushError: null });
      expect(healed.googlePushedTag).toEqual(healed.passUpdatedAt);
      // Apple was already up to date: the cron did not push it again
      expect(pushesTo([kept.pushToken])).toHaveLength(1);
      const [after] = await m.listAdminLoyaltyCards({ businessId: business.businessId, status: undefined });
      expect(after).toMatchObject({ registrations: 1, lastPushError: null, pushPending: false });
      expect(after.lastPushAt).not.toBeNull();
    });
  });

  it("calls Google only for saved passes: the save link creates the object, then PATCHes notify at most 3 times a day", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m, { googleSaved: false });
      const objectId = `${ISSUER}.card-${card.membershipNumber}`;
      const before = google.requests.length;
      expect((await purchase(m, business.cookie, customer.id, "1.00")).status).toBe(201);
      await m.flush();
      expect(google.requests.length).toBe(before); // never saved: Google hears nothing

      // the customer saves it: class and object inserted with today's balance, the save JWT names them
      const saved = await saveToGoogle(m, card);
      expect(saved.status).toBe(302);
      const jwt = saved.headers.get("location")!.split("/save/")[1];
      const [header, claims] = jwt.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
      expect(header).toEqual({ alg: "RS256", typ: "JWT", kid: KEY_ID });
      expect(claims.payload).toEqual({ loyaltyObjects: [{ id: objectId, classId: `${ISSUER}.business-${business.businessId}` }] });
      const inserted = googleRequestsFor(objectId);
      expect(inserted).toEqual([expect.objectContaining({ method: "POST", status: 200, body: expect.objectContaining({ id: objectId, state: "ACTIVE", loyaltyPoints: { label: "Points", balance: { int: 1 } } }) })]);
      expect(google.classes.has(`${ISSUER}.business-${business.businessId}`)).toBe(true);
      expect((await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).googleObjectId).toBe(objectId);

      for (const amount of ["2.00", "3.00", "4.00", "5.00"]) {
        expect((await purchase(m, business.cookie, customer.id, amount)).status).toBe(201);
        await m.flush();
      }
      const patches = googleRequestsFor(objectId).slice(1);
      expect(patches.every((r) => r.method === "PATCH" && r.status === 200 && r.kid === KEY_ID)).toBe(true);
      expect(patches.map((r) => (r.body.loyaltyPoints as { balance: { int: number } }).balance.int)).toEqual([3, 6, 10, 15]);
      // three PATCHes use the day's 3 notifications (Google's enum value); the fourth is silent
      expect(patches.map((r) => r.body.notifyPreference ?? null)).toEqual(["NOTIFY_ON_UPDATE", "NOTIFY_ON_UPDATE", "NOTIFY_ON_UPDATE", null]);
      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(row).toMatchObject({ googleNotifyCount: 3, googlePushError: null, googlePushAttempts: 0 });
      expect(row.googlePushedTag).toEqual(row.passUpdatedAt);

      // closing the account makes the object INACTIVE at Google
      await db.customer.update({ where: { id: customer.id }, data: { accountStatus: "closed" } });
      await m.pushCardUpdates(card.id);
      expect(googleRequestsFor(objectId).at(-1)).toMatchObject({ method: "PATCH", status: 200, body: { state: "INACTIVE" } });
      expect(google.objects.get(objectId)).toMatchObject({ state: "INACTIVE", loyaltyPoints: { balance: { int: 15 } } });
    });
  });

  it("stops on a refused certificate as a configuration error: on the monitor, no retry every cron run, the registration kept", async () => {
    const impostor = makeSelfSignedIdentity(`/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAMID`);
    await withWalletEnv({ ...walletEnv(), APPLE_PASS_CERTIFICATE_PEM: impostor.certPem, APPLE_PASS_PRIVATE_KEY_PEM: impostor.keyPem }, async (m) => {
      const { business, customer, card } = await issuedCard(m, { googleSaved: false });
      const p = phone(m, card.membershipNumber, card.appleAuthToken!);
      expect((await p.register()).status).toBe(201);
      expect((await purchase(m, business.cookie, customer.id, "2.00")).status).toBe(201);
      await m.flush();
      expect(pushesTo([p.pushToken])).toEqual([expect.objectContaining({ status: 403, reason: "BadCertificate" })]);
      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(row.applePushError).toBe("Configuration error: APNs 403 BadCertificate for 1 of 1 devices");
      expect(row.lastPushError).toBe(row.applePushError);
      expect(row.applePushedTag!.getTime()).toBeLessThan(row.passUpdatedAt.getTime());
      expect(row.appleNextPushAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000); // hours, not minutes
      expect(await db.walletDeviceRegistration.count({ where: { loyaltyCardId: card.id } })).toBe(1);
      const problems = await m.listWalletPushProblems();
      expect(problems).toEqual(expect.arrayContaining([expect.objectContaining({ provider: "apple", status: 403, reason: "BadCertificate", cardsWaiting: expect.any(Number) })]));
      // the cron leaves the card alone: no loop
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      expect((await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).applePushAttempts).toBe(1);
      expect(pushesTo([p.pushToken])).toHaveLength(1);
    });
  });

  it("pushes after deleting a transaction too", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m);
      const p = phone(m, card.membershipNumber, card.appleAuthToken!);
      expect((await p.register()).status).toBe(201);
      const bought = await purchase(m, business.cookie, customer.id, "8.00");
      await m.flush();
      const removed = await call(m.deleteTransaction, { method: "DELETE", cookie: business.cookie, path: `/api/transactions/${bought.json.transaction.id}`, params: { id: String(bought.json.transaction.id) }, body: { reason: "incorrectly_posted" } });
      expect(removed.status).toBe(200);
      await m.flush();
      expect(pushesTo([p.pushToken])).toHaveLength(2);
      expect(googleRequestsFor(card.googleObjectId!).at(-1)!.body).toMatchObject({ loyaltyPoints: { balance: { int: 0 } } });
    });
  });

  it("moves the update tag with the balance, the name, closing and the card number, and not with other edits", async () => {
    const business = await createBusinessSession();
    businesses.push(business.businessId);
    const { customer, card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
    const tag = async () => (await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).passUpdatedAt.getTime();
    let last = await tag();
    const passTag = async () => (await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).passTag;
    let lastTag = await passTag();
    const moved = async () => {
      const now = await tag();
      const changed = now !== last;
      // the timestamp moves forward but never ahead of the clock; the web-service tag moves with it
      if (changed) expect(now).toBeGreaterThan(last);
      expect(now).toBeLessThanOrEqual(Date.now() + 5);
      const nowTag = await passTag();
      expect(nowTag > lastTag).toBe(changed);
      last = now;
      lastTag = nowTag;
      return changed;
    };
    await db.customer.update({ where: { id: customer.id }, data: { marketingConsentEmail: true, lastVisit: new Date(), accountStatus: "snoozed" } });
    expect(await moved()).toBe(false);
    await db.customer.update({ where: { id: customer.id }, data: { name: "Sarah Smith" } });
    expect(await moved()).toBe(true);
    await db.customer.update({ where: { id: customer.id }, data: { name: "Sarah Smith" } }); // same value
    expect(await moved()).toBe(false);
    await db.loyaltyCard.update({ where: { id: card.id }, data: { cardNumber: `LC-X-${card.membershipNumber}` } });
    expect(await moved()).toBe(true);
    await db.customer.update({ where: { id: customer.id }, data: { accountStatus: "closed" } });
    expect(await moved()).toBe(true);
  });

  it("attempts nothing without certificates or a service account: cards stay Digital Core", async () => {
    await withWalletEnv({}, async (m) => {
      const business = await createBusinessSession();
      businesses.push(business.businessId);
      const { customer, card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
      await m.issue(card.id);
      const token = randomBytes(32).toString("hex");
      await db.walletDeviceRegistration.create({ data: { loyaltyCardId: card.id, deviceLibraryIdentifier: "dev-none", passTypeIdentifier: PASS_TYPE, pushToken: token } });
      const before = google.requests.length;
      expect((await purchase(m, business.cookie, customer.id, "9.00")).status).toBe(201);
      await m.flush();
      expect(pushesTo([token])).toHaveLength(0);
      expect(google.requests.length).toBe(before);
      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(row).toMatchObject({ passkitStatus: "fallback", lastPushAt: null, lastPushError: null });
      // the web service does not exist without Apple's keys
      const p = phone(m, card.membershipNumber, "x");
      expect((await p.register()).status).toBe(404);
      expect((await p.updatedSince()).status).toBe(404);
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).json).toMatchObject({ job: "wallet-push", result: { cards: 0 } });
    });
  });
});

// Issue 18: what APNs and Google answer, and what each answer does to the card.
describe("push answers: retry, drop, configuration error", () => {
  const UNREGISTERED = ["BadDeviceToken", "MissingDeviceToken", "ExpiredToken", "Unregistered"];
  const RETRY = ["IdleTimeout", "TooManyProviderTokenUpdates", "TooManyRequests", "InternalServerError", "ServiceUnavailable", "Shutdown"];
  const hex = () => randomBytes(32).toString("hex");
  const row = (id: number) => db.loyaltyCard.findUniqueOrThrow({ where: { id } });
  const secondsFromNow = (d: Date | null) => (d!.getTime() - Date.now()) / 1000;

  /** A card with an Apple pass and devices registered directly (not saved to Google). */
  async function cardWithDevices(m: Modules, businessId: number, tokens: string[]) {
    const { customer, card } = await addCustomerWithCard(businessId, { name: "Sam Taylor" });
    await m.issue(card.id);
    await db.walletDeviceRegistration.createMany({ data: tokens.map((pushToken, i) => ({ loyaltyCardId: card.id, deviceLibraryIdentifier: `dev-${i}-${pushToken.slice(0, 8)}`, passTypeIdentifier: PASS_TYPE, pushToken })) });
    return { customer, card: await row(card.id) };
  }
  /** A change of what the pass shows, then the push round the change's request would start. */
  async function change(m: Modules, customerId: number, cardId: number) {
    await db.customer.update({ where: { id: customerId }, data: { name: `Sam Taylor ${randomBytes(3).toString("hex")}` } });
    await m.pushCardUpdates(cardId);
  }

  it("handles every error in Apple's table: drops dead tokens, backs off on retryable ones, parks configuration errors", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const business = await createBusinessSession();
      businesses.push(business.businessId);
      for (const [status, reason] of APNS_DOCUMENTED_ERRORS) {
        const token = hex();
        apns.answer(token, status, reason);
        const { customer, card } = await cardWithDevices(m, business.businessId, [token]);
        await change(m, customer.id, card.id);
        const after = await row(card.id);
        const registered = await db.walletDeviceRegistration.count({ where: { loyaltyCardId: card.id } });
        expect(pushesTo([token])).toHaveLength(1); // one try per round, never three in a row
        const what = `${status} ${reason}`;
        if (UNREGISTERED.includes(reason) || status === 410) {
          expect({ what, registered, error: after.applePushError }).toEqual({ what, registered: 0, error: null });
          expect(after.applePushedTag).toEqual(after.passUpdatedAt);
        } else if (RETRY.includes(reason)) {
          expect({ what, registered, attempts: after.applePushAttempts, error: after.applePushError }).toEqual({ what, registered: 1, attempts: 1, error: `APNs: 1 of 1 pushes to retry (${status} ${reason})` });
          const wait = secondsFromNow(after.appleNextPushAt);
          expect(wait).toBeGreaterThan(13);
          expect(wait).toBeLessThanOrEqual(30);
        } else {
          expect({ what, registered, error: after.applePushError }).toEqual({ what, registered: 1, error: `Configuration error: APNs ${status} ${reason} for 1 of 1 devices` });
          expect(secondsFromNow(after.appleNextPushAt)).toBeGreaterThan(29 * 60);
          expect(await m.listWalletPushProblems()).toEqual(expect.arrayContaining([expect.objectContaining({ provider: "apple", status, reason })]));
        }
      }
    });
  });

  it("drops a token of another topic when other devices accept the push, but parks the card when every device says DeviceTokenNotForTopic", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const business = await createBusinessSession();
      businesses.push(business.businessId);
      const [good, foreign] = [hex(), hex()];
      apns.foreignToken(foreign);
      const mixed = await cardWithDevices(m, business.businessId, [good, foreign]);
      await change(m, mixed.customer.id, mixed.card.id);
      expect(pushesTo([foreign])).toEqual([expect.objectContaining({ status: 400, reason: "DeviceTokenNotForTopic" })]);
      expect(await db.walletDeviceRegistration.findMany({ where: { loyaltyCardId: mixed.card.id }, select: { pushToken: true } })).toEqual([{ pushToken: good }]);
      expect(await row(mixed.card.id)).toMatchObject({ applePushError: null, applePushAttempts: 0 });

      // the pass type is wrong for every device: a configuration error, shown, and no loop
      apns.answerAll({ status: 400, reason: "DeviceTokenNotForTopic" });
      const stuckTokens = [hex(), hex()];
      const stuck = await cardWithDevices(m, business.businessId, stuckTokens);
      try {
        await change(m, stuck.customer.id, stuck.card.id);
        const parked = await row(stuck.card.id);
        expect(parked.applePushError).toBe("Configuration error: APNs 400 DeviceTokenNotForTopic for 2 of 2 devices");
        expect(await db.walletDeviceRegistration.count({ where: { loyaltyCardId: stuck.card.id } })).toBe(2);
        const [problem] = (await m.listWalletPushProblems()).filter((p) => p.provider === "apple" && p.reason === "DeviceTokenNotForTopic");
        expect(problem).toMatchObject({ status: 400, reason: "DeviceTokenNotForTopic", message: "APNs 400 DeviceTokenNotForTopic" });
        expect(problem.cardsWaiting).toBeGreaterThanOrEqual(1);
        expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
        expect(pushesTo(stuckTokens)).toHaveLength(2); // the round's one try, nothing from the cron
      } finally {
        apns.answerAll(null);
      }
      // fixed: the next push that goes through resolves the problem and releases the parked card
      await change(m, mixed.customer.id, mixed.card.id);
      expect((await m.listWalletPushProblems()).filter((p) => p.reason === "DeviceTokenNotForTopic")).toEqual([]);
      expect((await row(stuck.card.id)).appleNextPushAt).toBeNull();
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      expect(pushesTo(stuckTokens).filter((p) => p.status === 200)).toHaveLength(2);
      expect(await row(stuck.card.id)).toMatchObject({ applePushError: null, applePushAttempts: 0 });
    });
  });

  it("backs off 429 exponentially with jitter, apart from Google, which is delivered at once", async () => {
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m); // saved to Google too
      const token = hex();
      await db.walletDeviceRegistration.create({ data: { loyaltyCardId: card.id, deviceLibraryIdentifier: "dev-429", passTypeIdentifier: PASS_TYPE, pushToken: token } });
      apns.answer(token, 429, "TooManyRequests");
      expect((await purchase(m, business.cookie, customer.id, "4.00")).status).toBe(201);
      await m.flush();
      let r = await row(card.id);
      expect(r).toMatchObject({ applePushAttempts: 1, googlePushAttempts: 0, googlePushError: null });
      expect(r.googlePushedTag).toEqual(r.passUpdatedAt);
      expect(secondsFromNow(r.appleNextPushAt)).toBeGreaterThan(13);
      expect(secondsFromNow(r.appleNextPushAt)).toBeLessThanOrEqual(30);

      // the cron waits for the backoff, then tries again: the second wait is twice as long
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      expect(pushesTo([token])).toHaveLength(1);
      await db.loyaltyCard.update({ where: { id: card.id }, data: { appleNextPushAt: new Date(Date.now() - 1000) } });
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      r = await row(card.id);
      expect(pushesTo([token])).toHaveLength(2);
      expect(r.applePushAttempts).toBe(2);
      expect(secondsFromNow(r.appleNextPushAt)).toBeGreaterThan(28);
      expect(secondsFromNow(r.appleNextPushAt)).toBeLessThanOrEqual(60);

      apns.answer(token, 200);
      await db.loyaltyCard.update({ where: { id: card.id }, data: { appleNextPushAt: new Date(Date.now() - 1000) } });
      expect((await call(m.cron, { path: "/api/cron/wallet-push" })).status).toBe(200);
      r = await row(card.id);
      expect(r).toMatchObject({ applePushAttempts: 0, appleNextPushAt: null, applePushError: null, lastPushError: null });
      expect(r.applePushedTag).toEqual(r.passUpdatedAt);
    });
  });

  it("treats Google's 401 (a key id Google does not know) as a configuration error and honours Retry-After on 429, without touching Apple", async () => {
    const wrongKid = JSON.stringify({ ...JSON.parse(serviceAccountJson), private_key_id: "not-the-key" });
    await withWalletEnv(walletEnv(), async (m) => {
      const { business, customer, card } = await issuedCard(m);
      const p = phone(m, card.membershipNumber, card.appleAuthToken!);
      expect((await p.register()).status).toBe(201);
      google.failNext(1, 429, { retryAfterSeconds: 7200 });
      expect((await purchase(m, business.cookie, customer.id, "6.00")).status).toBe(201);
      await m.flush();
      const r = await row(card.id);
      expect(r.googlePushError).toMatch(/^Google PATCH loyaltyObject: HTTP 429 RESOURCE_EXHAUSTED/);
      expect(secondsFromNow(r.googleNextPushAt)).toBeGreaterThan(7190);
      expect(r).toMatchObject({ applePushAttempts: 0, applePushError: null });
    });
    await withWalletEnv({ ...walletEnv(), GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: wrongKid }, async (m) => {
      const { customer, card } = await issuedCard(m, { googleSaved: false });
      await db.loyaltyCard.update({ where: { id: card.id }, data: { googleObjectId: `${ISSUER}.card-${card.membershipNumber}` } });
      await change(m, customer.id, card.id);
      const r = await row(card.id);
      expect(r.googlePushError).toMatch(/^Configuration error: Google PATCH loyaltyObject: HTTP 401 UNAUTHENTICATED/);
      expect(secondsFromNow(r.googleNextPushAt)).toBeGreaterThan(29 * 60);
      expect((await m.listWalletPushProblems()).filter((x) => x.provider === "google")).toEqual([expect.objectContaining({ status: 401, reason: "UNAUTHENTICATED" })]);
      expect(google.requests.at(-1)).toMatchObject({ authorized: false, kid: "not-the-key", status: 401 });
    });
  });
});

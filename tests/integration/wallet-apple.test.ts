/** @jest-environment node */
import { log } from "@/lib/log";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { formatMembershipNumber, generateMembershipNumber } from "@/lib/rules/membership-number";
import { issueWalletPasses } from "@/lib/wallet/issue-wallet-passes";
import { freshIp } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";
import { withIsolatedEnv } from "../helpers/isolated-env";

// Apple Wallet passes signed with a throwaway self-signed "Pass Type ID" certificate. lib/env reads
// the environment when it is first imported, so each case sets the APPLE_* variables and imports the
// wallet modules afresh inside jest.isolateModulesAsync.

const PASS_TYPE = "pass.test.loyalty";
let tmp: string;
let certificatePem: string;
let privateKeyPem: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-apple-"));
  const keyFile = path.join(tmp, "key.pem");
  const certFile = path.join(tmp, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", `/CN=Pass Type ID: ${PASS_TYPE}/OU=TEAMID`, "-keyout", keyFile, "-out", certFile], { stdio: "pipe" });
  certificatePem = fs.readFileSync(certFile, "utf8");
  privateKeyPem = fs.readFileSync(keyFile, "utf8");
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Modules = { issue: typeof issueWalletPasses; passRoute: Handler };

const WALLET_VARS = ["APPLE_PASS_TYPE_IDENTIFIER", "APPLE_TEAM_IDENTIFIER", "APPLE_PASS_CERTIFICATE_PEM", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_PASS_KEY_PASSPHRASE", "GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON"];

/** Runs fn with exactly these wallet variables set (any others from a developer's .env removed). */
async function withAppleEnv(vars: Record<string, string>, fn: (m: Modules) => Promise<void>) {
  await withIsolatedEnv(WALLET_VARS, vars, async () => {
    const { issueWalletPasses: issue } = await import("@/lib/wallet/issue-wallet-passes");
    const route = await import("@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route");
    await fn({ issue, passRoute: route.GET as Handler });
  });
}

const appleEnv = () => ({
  APPLE_PASS_TYPE_IDENTIFIER: PASS_TYPE,
  APPLE_TEAM_IDENTIFIER: "TEAMID",
  APPLE_PASS_CERTIFICATE_PEM: certificatePem,
  // hosting dashboards often keep a PEM on one line with literal \n
  APPLE_PASS_PRIVATE_KEY_PEM: privateKeyPem.replace(/\n/g, "\\n"),
});


async function get(handler: Handler, url: string, headers: Record<string, string> = {}) {
  const u = new URL(url, "http://localhost");
  const [, , , , , , passTypeIdentifier, serialNumber] = u.pathname.split("/").map(decodeURIComponent);
  const req = new NextRequest(`http://localhost${u.pathname}${u.search}`, { headers: { "x-forwarded-for": freshIp(), ...headers } });
  const res = await handler(req, { params: Promise.resolve({ passTypeIdentifier, serialNumber }) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Unzips a .pkpass into a fresh folder and returns the folder. */
function unzipPass(pkpass: Buffer): string {
  const dir = fs.mkdtempSync(path.join(tmp, "pass-"));
  const file = path.join(dir, "..", `${path.basename(dir)}.pkpass`);
  fs.writeFileSync(file, pkpass);
  execFileSync("unzip", ["-q", "-o", file, "-d", dir], { stdio: "pipe" });
  return dir;
}

function verifySignature(dir: string): boolean {
  try {
    execFileSync("openssl", ["cms", "-verify", "-noverify", "-binary", "-inform", "DER", "-in", path.join(dir, "signature"), "-content", path.join(dir, "manifest.json"), "-signer", path.join(dir, "signer.pem"), "-out", "/dev/null"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

const readJson = (dir: string, name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));

describe("Apple Wallet passes", () => {
  it("issues a signed store card (Digital Max) whose archive checks out", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones", totalPoints: 120 });
    await withAppleEnv(appleEnv(), async ({ issue, passRoute }) => {
      await issue(card.id);
      const issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(issued.passkitStatus).toBe("created");
      expect(issued.appleAuthToken!.length).toBeGreaterThanOrEqual(16);
      expect(issued.applePassUrl).toMatch(new RegExp(`^http://localhost:3000/api/wallet/apple/v1/passes/${PASS_TYPE}/${card.membershipNumber}\\?t=[\\w-]{32}$`));
      expect(issued.passUrl).toBe(issued.applePassUrl);
      expect(issued.googlePassUrl).toBeNull();

      const res = await get(passRoute, issued.applePassUrl!);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
      const dir = unzipPass(res.body);

      const pass = readJson(dir, "pass.json");
      expect(pass).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: PASS_TYPE,
        teamIdentifier: "TEAMID",
        serialNumber: card.membershipNumber,
        organizationName: business.businessName,
        logoText: business.businessName,
        webServiceURL: "http://localhost:3000/api/wallet/apple",
        authenticationToken: issued.appleAuthToken,
        barcodes: [{ format: "PKBarcodeFormatQR", message: card.membershipNumber, messageEncoding: "iso-8859-1" }],
      });
      expect(pass.storeCard.primaryFields).toEqual([{ key: "points", label: "Points balance", value: 120, changeMessage: "Balance: %@ points" }]);
      expect(pass.storeCard.secondaryFields).toEqual([{ key: "name", label: "Name", value: "Sarah Jones" }]);
      expect(pass.storeCard.auxiliaryFields).toEqual([{ key: "membershipNumber", label: "Membership number", value: formatMembershipNumber(card.membershipNumber) }]);

      // manifest.json holds the SHA-1 of every other file, and of nothing else
      const manifest = readJson(dir, "manifest.json") as Record<string, string>;
      const files = fs.readdirSync(dir).filter((f) => f !== "manifest.json" && f !== "signature");
      expect(Object.keys(manifest).sort()).toEqual(files.sort());
      expect(files).toEqual(expect.arrayContaining(["pass.json", "icon.png", "icon@2x.png", "logo.png", "logo@2x.png"]));
      for (const f of files) expect(manifest[f]).toBe(createHash("sha1").update(fs.readFileSync(path.join(dir, f))).digest("hex"));

      // the detached PKCS#7 signature verifies over manifest.json and was made by the pass certificate
      expect(verifySignature(dir)).toBe(true);
      const signer = execFileSync("openssl", ["x509", "-in", path.join(dir, "signer.pem"), "-noout", "-subject"]).toString();
      expect(signer).toContain(`Pass Type ID: ${PASS_TYPE}`);
      fs.appendFileSync(path.join(dir, "manifest.json"), " ");
      expect(verifySignature(dir)).toBe(false);
    });
  });

  it("serves the pass only to its own link or its own ApplePass token", async () => {
    const business = await createBusinessSession();
    const mine = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
    const other = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
    await withAppleEnv(appleEnv(), async ({ issue, passRoute }) => {
      await issue(mine.card.id);
      await issue(other.card.id);
      const a = await db.loyaltyCard.findUniqueOrThrow({ where: { id: mine.card.id } });
      const b = await db.loyaltyCard.findUniqueOrThrow({ where: { id: other.card.id } });
      const pathOf = (n: string) => `/api/wallet/apple/v1/passes/${PASS_TYPE}/${n}`;
      const tokenOf = (url: string) => new URL(url).searchParams.get("t")!;

      expect((await get(passRoute, pathOf(a.membershipNumber))).status).toBe(401);
      expect((await get(passRoute, `${pathOf(a.membershipNumber)}?t=${"x".repeat(32)}`)).status).toBe(401);
      // one customer's link cannot open another customer's pass
      expect((await get(passRoute, `${pathOf(a.membershipNumber)}?t=${tokenOf(b.applePassUrl!)}`)).status).toBe(401);
      expect((await get(passRoute, pathOf(a.membershipNumber), { authorization: `ApplePass ${b.appleAuthToken}` })).status).toBe(401);
      // an unknown number looks exactly like a wrong token
      const unknown = generateMembershipNumber();
      const miss = await get(passRoute, `${pathOf(unknown)}?t=${tokenOf(a.applePassUrl!)}`);
      expect(miss.status).toBe(401);
      expect(JSON.parse(miss.body.toString())).toMatchObject({ message: "This pass link is not valid" });
      // another pass type is not ours
      expect((await get(passRoute, `/api/wallet/apple/v1/passes/pass.other/${a.membershipNumber}?t=${tokenOf(a.applePassUrl!)}`)).status).toBe(404);

      // Apple's web service asks with the pass's own token, and gets 304 when nothing changed
      const viaDevice = await get(passRoute, pathOf(a.membershipNumber), { authorization: `ApplePass ${a.appleAuthToken}` });
      expect(viaDevice.status).toBe(200);
      const lastModified = viaDevice.headers.get("last-modified")!;
      // a pass changed in the last 2 s is dated before that window, and never after Date
      const changedAt = Math.floor(a.passUpdatedAt.getTime() / 1000) * 1000;
      expect(new Date(lastModified).getTime()).toBe(Math.min(changedAt, Math.floor(Date.parse(viaDevice.headers.get("date")!) / 1000) * 1000 - 2000));
      const again = await get(passRoute, pathOf(a.membershipNumber), { authorization: `ApplePass ${a.appleAuthToken}`, "if-modified-since": lastModified });
      expect(again.status).toBe(changedAt <= Date.parse(lastModified) ? 304 : 200);
      const unchanged = await get(passRoute, pathOf(a.membershipNumber), { authorization: `ApplePass ${a.appleAuthToken}`, "if-modified-since": new Date(changedAt).toUTCString() });
      expect(unchanged.status).toBe(304);
    });
  });

  it("always shows the current balance, and a closed account's pass is void", async () => {
    const business = await createBusinessSession();
    const { customer, card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones", totalPoints: 10 });
    await withAppleEnv(appleEnv(), async ({ issue, passRoute }) => {
      await issue(card.id);
      const issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      await db.customer.update({ where: { id: customer.id }, data: { totalPoints: 250, accountStatus: "closed" } });
      await reconcileLedgerForTest([customer.id]);
      const res = await get(passRoute, issued.applePassUrl!);
      const pass = readJson(unzipPass(res.body), "pass.json");
      expect(pass.storeCard.primaryFields[0].value).toBe(250);
      expect(pass.voided).toBe(true);
    });
  });

  it("shows the VIP tier on the front only while tiers are on, and the referral code and link on the back only while refer-a-friend is on (issue 26)", async () => {
    const business = await createBusinessSession();
    const { customer, card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones", totalPoints: 10 });
    const code = `T${customer.id}`.padEnd(8, "Z").slice(0, 8);
    await db.customer.update({ where: { id: customer.id }, data: { tierName: "Silver", earnMultiplier: 1.25, referralCode: code } });
    await db.tierSettings.create({ data: { businessId: business.businessId, enabled: true, basis: "lifetime_points", tiers: [{ name: "Bronze", threshold: 0, multiplier: 1 }, { name: "Silver", threshold: 5, multiplier: 1.25 }] } });
    await db.customerReferralSettings.create({ data: { businessId: business.businessId, enabled: true, bonusPoints: 50, monthlyCap: 5 } });
    await withAppleEnv(appleEnv(), async ({ issue, passRoute }) => {
      await issue(card.id);
      const issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      const passNow = async () => readJson(unzipPass((await get(passRoute, issued.applePassUrl!)).body), "pass.json");
      const keys = (fields: { key: string }[]) => fields.map((f) => f.key);

      const on = await passNow();
      expect(on.storeCard.auxiliaryFields).toContainEqual({ key: "tier", label: "Tier", value: "Silver", changeMessage: "You are now %@" });
      const referral = on.storeCard.backFields.find((f: { key: string }) => f.key === "referral");
      expect(referral).toMatchObject({ label: "Refer a friend" });
      expect(referral.value).toContain(code);
      expect(referral.value).toContain(`http://localhost:3000/r/${code}`);
      expect(keys(on.storeCard.backFields)).not.toContain("tier");

      await db.tierSettings.update({ where: { businessId: business.businessId }, data: { enabled: false } });
      await db.customerReferralSettings.update({ where: { businessId: business.businessId }, data: { enabled: false } });
      const off = await passNow();
      expect(keys(off.storeCard.auxiliaryFields)).toEqual(["membershipNumber"]);
      expect(keys(off.storeCard.backFields)).toEqual(["about"]);
      expect(JSON.stringify(off)).not.toContain(code);
      expect(JSON.stringify(off)).not.toContain("Silver");
    });
  });

  it("marks the card failed (and logs why) when the certificate is broken, without throwing", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
    const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      await withAppleEnv({ ...appleEnv(), APPLE_PASS_CERTIFICATE_PEM: "not a certificate" }, async ({ issue }) => {
        await expect(issue(card.id)).resolves.toBeUndefined();
      });
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ cardId: card.id, err: expect.anything() }), "Apple pass failed");
    } finally {
      errors.mockRestore();
    }
    const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ passkitStatus: "failed", passUrl: null, applePassUrl: null, googlePassUrl: null });
  });

  it("makes a Digital Core card (fallback) when no wallet is configured", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "Sarah Jones" });
    await withAppleEnv({}, async ({ issue, passRoute }) => {
      await issue(card.id);
      // and the pass route does not exist without Apple's keys
      expect((await get(passRoute, `/api/wallet/apple/v1/passes/${PASS_TYPE}/${card.membershipNumber}`)).status).toBe(404);
    });
    const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ passkitStatus: "fallback", passUrl: null, applePassUrl: null, googlePassUrl: null });
  });

  it("never throws for a card that does not exist", async () => {
    const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      await expect(issueWalletPasses(2_000_000_000)).resolves.toBeUndefined();
    } finally {
      errors.mockRestore();
    }
  });
});

/** @jest-environment node */
import { log } from "@/lib/log";
import { execFileSync } from "node:child_process";
import { createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { PNG } from "pngjs";
import { db } from "@/lib/db";
import { formatMembershipNumber, generateMembershipNumber } from "@/lib/rules/membership-number";
import type { issueWalletPasses } from "@/lib/wallet/issue-wallet-passes";
import { freshIp } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from "../helpers/google-wallet-stand-in";
import { withIsolatedEnv } from "../helpers/isolated-env";

// "Save to Google Wallet" links signed with a generated RSA key standing in for the service
// account's. lib/env reads the environment at import, so the wallet modules are imported afresh
// inside jest.isolateModulesAsync after the GOOGLE_* variables are set.

const ISSUER = "3388000000012345678";
const WALLET_VARS = ["APPLE_PASS_TYPE_IDENTIFIER", "APPLE_TEAM_IDENTIFIER", "APPLE_PASS_CERTIFICATE_PEM", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_PASS_KEY_PASSPHRASE", "GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON", "GOOGLE_WALLET_API_BASE"];

const SERVICE_ACCOUNT = "wallet@loyalty-test.iam.gserviceaccount.com";
const KEY_ID = "fedcba9876543210fedcba9876543210fedcba98";

let publicKey: KeyObject;
let serviceAccountJson: string;
let google: GoogleWalletStandIn;

beforeAll(async () => {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  publicKey = pair.publicKey;
  serviceAccountJson = JSON.stringify({
    type: "service_account",
    project_id: "loyalty-test",
    private_key_id: KEY_ID,
    client_email: SERVICE_ACCOUNT,
    private_key: pair.privateKey.export({ type: "pkcs8", format: "pem" }),
  });
  google = await startGoogleWalletStandIn({ publicKey, clientEmail: SERVICE_ACCOUNT, keyId: KEY_ID });
});
afterAll(() => google?.close());

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Modules = { issue: typeof issueWalletPasses; saveRoute: Handler; applePassRoute: Handler };

async function withWalletEnv(vars: Record<string, string>, fn: (m: Modules) => Promise<void>) {
  await withIsolatedEnv(WALLET_VARS, vars, async () => {
    const { issueWalletPasses: issue } = await import("@/lib/wallet/issue-wallet-passes");
    const save = await import("@/app/api/wallet/google/save/[membershipNumber]/route");
    const apple = await import("@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route");
    await fn({ issue, saveRoute: save.GET as Handler, applePassRoute: apple.GET as Handler });
  });
}

const googleEnv = () => ({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: serviceAccountJson, GOOGLE_WALLET_API_BASE: google.url });


async function get(handler: Handler, url: string, params: Record<string, string>) {
  const u = new URL(url, "http://localhost");
  const req = new NextRequest(`http://localhost${u.pathname}${u.search}`, { headers: { "x-forwarded-for": freshIp() } });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Splits and verifies an RS256 JWT with the service account's public key. */
function verifyJwt(jwt: string) {
  const [header, payload, signature] = jwt.split(".");
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${header}.${payload}`);
  const valid = verifier.verify(publicKey, Buffer.from(signature, "base64url"));
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { valid, header: decode(header), claims: decode(payload) };
}

describe("Google Wallet save links", () => {
  it("creates the object at Google only when the customer follows the save link, and redirects to a JWT (with kid) naming it", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith", totalPoints: 340 });
    await withWalletEnv(googleEnv(), async ({ issue, saveRoute }) => {
      await issue(card.id);
      const issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(issued).toMatchObject({ passkitStatus: "created", applePassUrl: null, googleObjectId: null });
      expect(issued.googlePassUrl).toMatch(new RegExp(`^http://localhost:3000/api/wallet/google/save/${card.membershipNumber}\\?t=[\\w-]{32}$`));
      expect(issued.passUrl).toBe(issued.googlePassUrl);
      expect(google.requests).toHaveLength(0); // issuing calls nobody

      const res = await get(saveRoute, issued.googlePassUrl!, { membershipNumber: card.membershipNumber });
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(location.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
      const { valid, header, claims } = verifyJwt(location.slice("https://pay.google.com/gp/v/save/".length));
      expect(valid).toBe(true);
      expect(header).toEqual({ alg: "RS256", typ: "JWT", kid: KEY_ID });
      expect(claims).toMatchObject({ iss: SERVICE_ACCOUNT, aud: "google", typ: "savetowallet", origins: ["http://localhost:3000"] });
      const classId = `${ISSUER}.business-${business.businessId}`;
      const objectId = `${ISSUER}.card-${card.membershipNumber}`;
      expect(claims.payload).toEqual({ loyaltyObjects: [{ id: objectId, classId }] });

      // the class and the object were inserted (the stand-in parses them as Google does)
      expect(google.requests.map((r) => [r.method, r.path, r.status, r.kid])).toEqual([
        ["POST", "/walletobjects/v1/loyaltyClass", 200, KEY_ID],
        ["POST", "/walletobjects/v1/loyaltyObject", 200, KEY_ID],
      ]);
      expect(google.classes.get(classId)).toEqual(
        expect.objectContaining({ id: classId, issuerName: business.businessName, reviewStatus: "UNDER_REVIEW", programLogo: expect.objectContaining({ sourceUri: { uri: "http://localhost:3000/api/wallet/images/logo.png" } }) }),
      );
      expect(google.objects.get(objectId)).toEqual({
        id: objectId,
        classId,
        state: "ACTIVE",
        accountId: card.membershipNumber,
        accountName: "John Smith",
        loyaltyPoints: { label: "Points", balance: { int: 340 } },
        barcode: { type: "QR_CODE", value: card.membershipNumber, alternateText: formatMembershipNumber(card.membershipNumber) },
      });
      const saved = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(saved.googleObjectId).toBe(objectId);
      expect(saved.googlePushedTag).toEqual(saved.passUpdatedAt);

      // following the link again brings the existing object up to today's balance
      await db.customer.update({ where: { id: issued.customerId }, data: { totalPoints: 400 } });
      await reconcileLedgerForTest([issued.customerId]);
      expect((await get(saveRoute, issued.googlePassUrl!, { membershipNumber: card.membershipNumber })).status).toBe(302);
      expect(google.requests.slice(2).map((r) => [r.method, r.status])).toEqual([
        ["POST", 409],
        ["POST", 409],
        ["PATCH", 200],
      ]);
      expect(google.objects.get(objectId)).toMatchObject({ loyaltyPoints: { balance: { int: 400 } } });
    });
  });

  it("still lets the customer save when Google's API is down: the JWT carries the whole object", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith", totalPoints: 12 });
    const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      await withWalletEnv(googleEnv(), async ({ issue, saveRoute }) => {
        await issue(card.id);
        const issued = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
        google.failNext(1, 503);
        const res = await get(saveRoute, issued.googlePassUrl!, { membershipNumber: card.membershipNumber });
        expect(res.status).toBe(302);
        const { claims } = verifyJwt(res.headers.get("location")!.split("/save/")[1]);
        expect(claims.payload.loyaltyClasses).toHaveLength(1);
        expect(claims.payload.loyaltyObjects[0]).toMatchObject({ id: `${ISSUER}.card-${card.membershipNumber}`, loyaltyPoints: { balance: { int: 12 } } });
        expect((await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).googleObjectId).toBe(`${ISSUER}.card-${card.membershipNumber}`);
      });
    } finally {
      errors.mockRestore();
    }
  });

  it("runs against a stand-in that parses requests as Google does: the old enum value and a JWT without kid are refused", async () => {
    const { JWT } = await import("google-auth-library");
    const key = JSON.parse(serviceAccountJson) as { private_key: string };
    const bearer = async (keyId?: string) => {
      const jwt = new JWT({ email: SERVICE_ACCOUNT, key: key.private_key, keyId, scopes: ["https://www.googleapis.com/auth/wallet_object.issuer"] });
      jwt.useJWTAccessWithScope = true;
      return (await jwt.getRequestHeaders(google.url)).get("authorization")!;
    };
    const objectId = `${ISSUER}.card-standin`;
    google.objects.set(objectId, { id: objectId });
    const patch = async (authorization: string, body: unknown) => {
      const res = await fetch(`${google.url}/walletobjects/v1/loyaltyObject/${objectId}`, { method: "PATCH", headers: { authorization, "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { error?: { status: string; message: string } } };
    };
    // the PATCH of issue 18: lower-camel enum value, rejected like Google's proto parser does
    const old = await patch(await bearer(KEY_ID), { loyaltyPoints: { balance: { int: 3 } }, notifyPreference: "notifyOnUpdate" });
    expect(old).toMatchObject({ status: 400, body: { error: { status: "INVALID_ARGUMENT", message: expect.stringContaining("NotificationSettingsForUpdates") } } });
    expect((await patch(await bearer(KEY_ID), { notifyPreference: "NOTIFY_ON_UPDATE", unknownField: 1 })).status).toBe(400);
    // the service-account JWT of issue 18: no kid
    expect((await patch(await bearer(), { notifyPreference: "NOTIFY_ON_UPDATE" })).status).toBe(401);
    expect((await patch(await bearer(KEY_ID), { notifyPreference: "NOTIFY_ON_UPDATE", state: "INACTIVE" })).status).toBe(200);
  });

  it("refuses links without the card's own token, and unknown numbers alike", async () => {
    const business = await createBusinessSession();
    const mine = await addCustomerWithCard(business.businessId, { name: "John Smith" });
    const other = await addCustomerWithCard(business.businessId, { name: "John Smith" });
    await withWalletEnv(googleEnv(), async ({ issue, saveRoute }) => {
      await issue(mine.card.id);
      await issue(other.card.id);
      const b = await db.loyaltyCard.findUniqueOrThrow({ where: { id: other.card.id } });
      const otherToken = new URL(b.googlePassUrl!).searchParams.get("t");
      const n = mine.card.membershipNumber;
      expect((await get(saveRoute, `/api/wallet/google/save/${n}`, { membershipNumber: n })).status).toBe(401);
      expect((await get(saveRoute, `/api/wallet/google/save/${n}?t=${otherToken}`, { membershipNumber: n })).status).toBe(401);
      const unknown = generateMembershipNumber();
      expect((await get(saveRoute, `/api/wallet/google/save/${unknown}?t=${otherToken}`, { membershipNumber: unknown })).status).toBe(401);
    });
  });

  it("with both wallets configured, the card gets both passes and passUrl is the Apple one", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-both-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Pass Type ID: pass.test.loyalty/OU=TEAMID", "-keyout", path.join(tmp, "k.pem"), "-out", path.join(tmp, "c.pem")], { stdio: "pipe" });
      const business = await createBusinessSession();
      const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith" });
      const env = {
        ...googleEnv(),
        APPLE_PASS_TYPE_IDENTIFIER: "pass.test.loyalty",
        APPLE_TEAM_IDENTIFIER: "TEAMID",
        APPLE_PASS_CERTIFICATE_PEM: fs.readFileSync(path.join(tmp, "c.pem"), "utf8"),
        APPLE_PASS_PRIVATE_KEY_PEM: fs.readFileSync(path.join(tmp, "k.pem"), "utf8"),
      };
      await withWalletEnv(env, async ({ issue }) => issue(card.id));
      const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(row.passkitStatus).toBe("created");
      expect(row.applePassUrl).toContain("/api/wallet/apple/v1/passes/");
      expect(row.googlePassUrl).toContain("/api/wallet/google/save/");
      expect(row.passUrl).toBe(row.applePassUrl);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("a working wallet still makes the card Digital Max when the other one fails", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith" });
    const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      const env = { ...googleEnv(), APPLE_PASS_TYPE_IDENTIFIER: "pass.test.loyalty", APPLE_TEAM_IDENTIFIER: "TEAMID", APPLE_PASS_CERTIFICATE_PEM: "broken", APPLE_PASS_PRIVATE_KEY_PEM: "broken" };
      await withWalletEnv(env, async ({ issue }) => issue(card.id));
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ cardId: card.id, err: expect.anything() }), "Apple pass failed");
    } finally {
      errors.mockRestore();
    }
    const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ passkitStatus: "created", applePassUrl: null });
    expect(row.passUrl).toBe(row.googlePassUrl);
  });

  it("marks the card failed when the service account cannot be read", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith" });
    const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      await withWalletEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: "{not json" }, async ({ issue }) => {
        await expect(issue(card.id)).resolves.toBeUndefined();
      });
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ cardId: card.id, err: expect.any(Error) }), "Google pass failed");
    } finally {
      errors.mockRestore();
    }
    const row = await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ passkitStatus: "failed", googlePassUrl: null, passUrl: null, googleObjectId: null });
  });

  it("serves the programme logo Google Wallet fetches, and nothing else", async () => {
    const { GET } = await import("@/app/api/wallet/images/[image]/route");
    const logo = await (GET as Handler)(new NextRequest("http://localhost/api/wallet/images/logo.png"), { params: Promise.resolve({ image: "logo.png" }) });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(await logo.arrayBuffer()));
    expect([png.width, png.height]).toEqual([660, 660]);
    for (const image of ["icon.gif", "constructor", "../pass.json"]) {
      const res = await (GET as Handler)(new NextRequest(`http://localhost/api/wallet/images/x`), { params: Promise.resolve({ image }) });
      expect(res.status).toBe(404);
    }
  });

  it("accepts the service-account JSON base64-encoded too", async () => {
    const business = await createBusinessSession();
    const { card } = await addCustomerWithCard(business.businessId, { name: "John Smith" });
    await withWalletEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: Buffer.from(serviceAccountJson).toString("base64") }, async ({ issue }) => issue(card.id));
    expect((await db.loyaltyCard.findUniqueOrThrow({ where: { id: card.id } })).passkitStatus).toBe("created");
  });
});

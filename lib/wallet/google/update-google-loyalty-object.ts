import "server-only";
import type { JWT } from "google-auth-library";
import { googleSaveClaims } from "@/lib/wallet/google/google-save-link";
import type { PassCard } from "@/lib/wallet/pass-card";
import type { GoogleWalletConfig } from "@/lib/wallet/wallet-config";
import { googleTextModules } from "@/lib/wallet/pass-fields";

// The Google Wallet REST API (walletobjects/v1) for a card's loyalty object: created when the
// customer follows the save link (ensureGoogleLoyaltyObject), then PATCHed with every change
// (updateGoogleLoyaltyObject). Google notifies the holder of an update only when the PATCH asks
// (notifyPreference NOTIFY_ON_UPDATE, the NotificationSettingsForUpdates enum), at most 3 times a
// pass a day; the caller decides. Answers are classified like APNs': retry later (429, 5xx,
// network) or a configuration error (400 bad request, 401/403 credentials or issuer).

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
export const GOOGLE_NOTIFY_ON_UPDATE = "NOTIFY_ON_UPDATE";

export type GoogleFailure = { ok: false; kind: "retry" | "configuration"; status?: number; reason: string; error: string; retryAfterMs?: number };
export type GoogleUpdate = { ok: true; created: boolean } | GoogleFailure;

let cachedClient: { key: string; client: Promise<JWT> } | null = null;

/** A self-signed service-account JWT (no token exchange with Google's OAuth server) whose header
 *  names the key ("kid"), cached per key. */
function clientFor(config: GoogleWalletConfig): Promise<JWT> {
  const key = `${config.clientEmail}\n${config.privateKeyId}\n${config.privateKey}`;
  if (cachedClient?.key === key) return cachedClient.client;
  const client = import("google-auth-library").then(({ JWT }) => {
    const jwt = new JWT({ email: config.clientEmail, key: config.privateKey, keyId: config.privateKeyId, scopes: [SCOPE] });
    jwt.useJWTAccessWithScope = true; // not in the constructor's options type of 10.9
    return jwt;
  });
  cachedClient = { key, client };
  return client;
}

async function send(config: GoogleWalletConfig, method: string, url: string, body: unknown): Promise<Response> {
  const client = await clientFor(config);
  const auth = await client.getRequestHeaders(url);
  return fetch(url, {
    method,
    headers: { authorization: auth.get("authorization") ?? "", "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

/** Google's error body: { error: { code, message, status: "INVALID_ARGUMENT" ... } }. */
async function failure(res: Response, what: string): Promise<GoogleFailure> {
  const text = await res.text().catch(() => "");
  let reason = `HTTP ${res.status}`;
  let message = text.slice(0, 200);
  try {
    const body = JSON.parse(text) as { error?: { status?: string; message?: string } };
    reason = body.error?.status ?? reason;
    message = body.error?.message ?? message;
  } catch {
    // not JSON: keep the text
  }
  const retryAfter = Number(res.headers.get("retry-after"));
  return {
    ok: false,
    kind: res.status === 429 || res.status >= 500 ? "retry" : "configuration",
    status: res.status,
    reason,
    error: `Google ${what}: HTTP ${res.status} ${reason}: ${message}`.slice(0, 400),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
  };
}

const network = (e: unknown): GoogleFailure => ({ ok: false, kind: "retry", reason: "network", error: `Google Wallet API: ${e instanceof Error ? e.message : String(e)}` });

export function googleObjectPatch(card: PassCard, notify: boolean) {
  return {
    accountName: card.customer.name,
    state: card.customer.accountStatus === "closed" ? "INACTIVE" : "ACTIVE",
    loyaltyPoints: { label: "Points", balance: { int: card.customer.totalPoints } },
    textModulesData: googleTextModules(card), // tier and referral code (issue 26)
    ...(notify ? { notifyPreference: GOOGLE_NOTIFY_ON_UPDATE } : {}),
  };
}

/** Inserts the business's class (409: exists) and the card's object with the current balance
 *  (409: exists, so PATCH it to the current state). Never throws. */
export async function ensureGoogleLoyaltyObject(config: GoogleWalletConfig, apiBase: string, card: PassCard, objectId: string): Promise<GoogleUpdate> {
  const root = `${apiBase}/walletobjects/v1`;
  try {
    const { payload } = googleSaveClaims(config, card, new Date());
    const klass = await send(config, "POST", `${root}/loyaltyClass`, payload.loyaltyClasses[0]);
    if (!klass.ok && klass.status !== 409) return failure(klass, "insert loyaltyClass");
    const object = await send(config, "POST", `${root}/loyaltyObject`, { ...payload.loyaltyObjects[0], id: objectId });
    if (object.ok) return { ok: true, created: true };
    if (object.status !== 409) return failure(object, "insert loyaltyObject");
    const patched = await send(config, "PATCH", `${root}/loyaltyObject/${encodeURIComponent(objectId)}`, googleObjectPatch(card, false));
    return patched.ok ? { ok: true, created: false } : failure(patched, "PATCH loyaltyObject");
  } catch (e) {
    return network(e);
  }
}

/** PATCHes a saved card's loyalty object; a 404 (the customer followed the save link but the object
 *  never reached Google) inserts it. Never throws. */
export async function updateGoogleLoyaltyObject(config: GoogleWalletConfig, apiBase: string, card: PassCard, objectId: string, notify: boolean): Promise<GoogleUpdate> {
  try {
    const patched = await send(config, "PATCH", `${apiBase}/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`, googleObjectPatch(card, notify));
    if (patched.ok) return { ok: true, created: false };
    if (patched.status !== 404) return failure(patched, "PATCH loyaltyObject");
  } catch (e) {
    return network(e);
  }
  return ensureGoogleLoyaltyObject(config, apiBase, card, objectId);
}

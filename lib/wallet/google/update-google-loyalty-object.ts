import "server-only";
import type { JWT } from "google-auth-library";
import { googleSaveClaims } from "@/lib/wallet/google/google-save-link";
import type { PassCard } from "@/lib/wallet/pass-card";
import type { GoogleWalletConfig } from "@/lib/wallet/wallet-config";

// Keeps the customer's Google Wallet loyalty object in step with the card: a PATCH of the balance
// (and name/state) through the Wallet REST API. Google notifies the holder only when asked
// (notifyPreference), at most 3 times per pass a day; the caller decides. The class and object
// exist at Google only once someone saved the pass, so a 404 creates them and patches again.

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";

export type GoogleUpdate = { ok: true; created: boolean } | { ok: false; retry: boolean; error: string };

let cachedClient: { key: string; client: Promise<JWT> } | null = null;

/** A self-signed service-account JWT (no token exchange with Google's OAuth server), cached per key. */
function clientFor(config: GoogleWalletConfig): Promise<JWT> {
  const key = `${config.clientEmail}\n${config.privateKey}`;
  if (cachedClient?.key === key) return cachedClient.client;
  const client = import("google-auth-library").then(({ JWT }) => {
    const jwt = new JWT({ email: config.clientEmail, key: config.privateKey, scopes: [SCOPE] });
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

const failure = async (res: Response, what: string): Promise<GoogleUpdate> => ({
  ok: false,
  retry: res.status === 429 || res.status >= 500,
  error: `Google ${what}: HTTP ${res.status} ${(await res.text().catch(() => "")).slice(0, 200)}`.trim(),
});

export function googleObjectPatch(card: PassCard, notify: boolean) {
  return {
    accountName: card.customer.name,
    state: card.customer.accountStatus === "closed" ? "INACTIVE" : "ACTIVE",
    loyaltyPoints: { label: "Points", balance: { int: card.customer.totalPoints } },
    ...(notify ? { notifyPreference: "notifyOnUpdate" } : {}),
  };
}

/** PATCHes the card's loyalty object (creating class and object on 404). Never throws. */
export async function updateGoogleLoyaltyObject(config: GoogleWalletConfig, apiBase: string, card: PassCard, objectId: string, notify: boolean): Promise<GoogleUpdate> {
  const root = `${apiBase}/walletobjects/v1`;
  try {
    const patched = await send(config, "PATCH", `${root}/loyaltyObject/${encodeURIComponent(objectId)}`, googleObjectPatch(card, notify));
    if (patched.ok) return { ok: true, created: false };
    if (patched.status !== 404) return failure(patched, "PATCH loyaltyObject");

    const { payload } = googleSaveClaims(config, card, new Date());
    const klass = await send(config, "POST", `${root}/loyaltyClass`, payload.loyaltyClasses[0]);
    if (!klass.ok && klass.status !== 409) return failure(klass, "insert loyaltyClass");
    const object = await send(config, "POST", `${root}/loyaltyObject`, { ...payload.loyaltyObjects[0], id: objectId });
    if (!object.ok && object.status !== 409) return failure(object, "insert loyaltyObject");
    return { ok: true, created: true };
  } catch (e) {
    return { ok: false, retry: true, error: `Google Wallet API: ${e instanceof Error ? e.message : String(e)}` };
  }
}

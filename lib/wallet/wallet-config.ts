import "server-only";
import { env, isConfigured } from "@/lib/env";

// The wallet settings from the environment, read once. Hosting dashboards often store a PEM or a
// JSON key on one line with literal "\n": both are accepted, and the Google key may also be base64.

export type AppleWalletConfig = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  certificatePem: string;
  privateKeyPem: string;
  keyPassphrase?: string;
  /** Apple's WWDR intermediate certificate; when unset, pass-js's bundled copy and signer are used. */
  wwdrCertificatePem?: string;
};

/** privateKeyId: the service account key's id, sent as the JWT header's "kid" (Google looks the
 *  public key up by it). */
export type GoogleWalletConfig = { issuerId: string; clientEmail: string; privateKey: string; privateKeyId: string };

const unescapePem = (pem: string) => pem.replace(/\\n/g, "\n").trim();

export function appleWalletConfig(): AppleWalletConfig | null {
  if (!isConfigured.apple) return null;
  return {
    passTypeIdentifier: env.APPLE_PASS_TYPE_IDENTIFIER!,
    teamIdentifier: env.APPLE_TEAM_IDENTIFIER!,
    certificatePem: unescapePem(env.APPLE_PASS_CERTIFICATE_PEM!),
    privateKeyPem: unescapePem(env.APPLE_PASS_PRIVATE_KEY_PEM!),
    keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
    wwdrCertificatePem: env.APPLE_WWDR_CERT_PEM ? unescapePem(env.APPLE_WWDR_CERT_PEM) : undefined,
  };
}

/** Throws a readable error when the service-account JSON is unusable (the card is then "failed"). */
export function googleWalletConfig(): GoogleWalletConfig | null {
  if (!isConfigured.google) return null;
  const raw = env.GOOGLE_WALLET_SERVICE_ACCOUNT_JSON!.trim();
  const text = raw.startsWith("{") ? raw : Buffer.from(raw, "base64").toString("utf8");
  let parsed: { client_email?: unknown; private_key?: unknown; private_key_id?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error("GOOGLE_WALLET_SERVICE_ACCOUNT_JSON is not valid JSON (nor base64 of JSON)");
  }
  if (typeof parsed.client_email !== "string" || typeof parsed.private_key !== "string" || typeof parsed.private_key_id !== "string") {
    throw new Error("GOOGLE_WALLET_SERVICE_ACCOUNT_JSON needs client_email, private_key and private_key_id (the key file Google Cloud gives has all three)");
  }
  return { issuerId: env.GOOGLE_WALLET_ISSUER_ID!, clientEmail: parsed.client_email, privateKey: unescapePem(parsed.private_key), privateKeyId: parsed.private_key_id };
}

/** Where pass update pushes go (APNs, HTTP/2), and any extra CA a local stand-in presents. */
export function apnsEndpoint(): { url: string; extraCaPem?: string } {
  return { url: (env.APPLE_APNS_URL ?? "https://api.push.apple.com").replace(/\/$/, ""), extraCaPem: env.APPLE_APNS_CA_PEM ? unescapePem(env.APPLE_APNS_CA_PEM) : undefined };
}

/** The Google Wallet REST API host. */
export function googleWalletApiBase(): string {
  return (env.GOOGLE_WALLET_API_BASE ?? "https://walletobjects.googleapis.com").replace(/\/$/, "");
}

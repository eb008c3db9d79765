import "server-only";
import { appUrl } from "@/lib/env";
import { walletDownloadToken } from "@/lib/wallet/download-token";
import { PASS_COLOURS } from "@/lib/wallet/pass-images";
import type { GoogleWalletConfig } from "@/lib/wallet/wallet-config";
import type { PassCard } from "@/lib/wallet/pass-card";
import { googleTextModules } from "@/lib/wallet/pass-fields";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// "Save to Google Wallet" links: a JWT signed locally with the service account's key (no call to
// Google), carrying the business's loyalty class and the customer's loyalty object. Google creates
// them on the first save; later balance changes go through the Wallet REST API by object id.
//
// The card stores a short link of ours (/api/wallet/google/save/{number}?t=...) that redirects to a
// freshly signed save URL: the JWT is 1-2 kB, too big to repeat in every row of the card list, and a
// fresh one always carries the current balance.

export const GOOGLE_SAVE_URL_PREFIX = "https://pay.google.com/gp/v/save/";

export const googleClassId = (issuerId: string, businessId: number) => `${issuerId}.business-${businessId}`;
export const googleObjectId = (issuerId: string, membershipNumber: string) => `${issuerId}.card-${membershipNumber}`;

export function googleSaveLinkPath(membershipNumber: string): string {
  return `/api/wallet/google/save/${encodeURIComponent(membershipNumber)}`;
}

export function googleSaveLinkToken(card: Pick<PassCard, "id" | "membershipNumber">): string {
  return walletDownloadToken("google-save", String(card.id), card.membershipNumber);
}

export function googleSaveLinkUrl(card: Pick<PassCard, "id" | "membershipNumber">): string {
  return `${appUrl()}${googleSaveLinkPath(card.membershipNumber)}?t=${googleSaveLinkToken(card)}`;
}

const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
const localized = (value: string) => ({ defaultValue: { language: "en-GB", value } });

/** The JWT's claims: the loyalty class of the business and the loyalty object of the card. */
export function googleSaveClaims(config: GoogleWalletConfig, card: PassCard, now: Date) {
  const classId = googleClassId(config.issuerId, card.businessId);
  return {
    iss: config.clientEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor(now.getTime() / 1000),
    origins: [appUrl()],
    payload: {
      loyaltyClasses: [
        {
          id: classId,
          issuerName: card.business.name,
          programName: `${card.business.name} loyalty`,
          programLogo: { sourceUri: { uri: `${appUrl()}/api/wallet/images/logo.png` }, contentDescription: localized(card.business.name) },
          hexBackgroundColor: hex(PASS_COLOURS.background),
          reviewStatus: "UNDER_REVIEW",
        },
      ],
      loyaltyObjects: [
        {
          id: googleObjectId(config.issuerId, card.membershipNumber),
          classId,
          state: card.customer.accountStatus === "closed" ? "INACTIVE" : "ACTIVE",
          accountId: card.membershipNumber,
          accountName: card.customer.name,
          loyaltyPoints: { label: "Points", balance: { int: card.customer.totalPoints } },
          ...(googleTextModules(card).length ? { textModulesData: googleTextModules(card) } : {}), // tier and referral code (issue 26)
          barcode: { type: "QR_CODE", value: card.membershipNumber, alternateText: formatMembershipNumber(card.membershipNumber) },
        },
      ],
    },
  };
}

const base64url = (s: string) => Buffer.from(s).toString("base64url");

/** RS256 JWT signed by google-auth-library with the service account's private key (locally: the
 *  library only calls Google's signBlob API for credentials without a key, which we never pass). */
export async function signGoogleSaveJwt(config: GoogleWalletConfig, claims: object): Promise<string> {
  const { GoogleAuth } = await import("google-auth-library"); // loaded on first use, like the Apple signer
  const auth = new GoogleAuth({ credentials: { client_email: config.clientEmail, private_key: config.privateKey } });
  const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: config.privateKeyId }))}.${base64url(JSON.stringify(claims))}`;
  const signature = Buffer.from(await auth.sign(input), "base64").toString("base64url");
  return `${input}.${signature}`;
}

/** The pay.google.com save URL for a card, signed now with the current balance. */
export async function googleSaveUrl(config: GoogleWalletConfig, card: PassCard, now = new Date()): Promise<string> {
  return GOOGLE_SAVE_URL_PREFIX + (await signGoogleSaveJwt(config, googleSaveClaims(config, card, now)));
}

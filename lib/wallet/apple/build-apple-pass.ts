import "server-only";
import type { Template } from "@walletpass/pass-js";
import { appUrl, env } from "@/lib/env";
import { PASS_COLOURS, stampMarkPng } from "@/lib/wallet/pass-images";
import type { AppleWalletConfig } from "@/lib/wallet/wallet-config";
import type { PassCard } from "@/lib/wallet/pass-card";
import { useNodeSigner } from "@/lib/wallet/apple/sign-pass-manifest";
import { passReferral, passTier, referralText } from "@/lib/wallet/pass-fields";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

// Apple Wallet store card (.pkpass) built with pass-js: name, membership number and points balance,
// the membership number as a QR, and the web-service URL and per-pass token that let a later issue
// push balance updates (Apple calls {webServiceURL}/v1/...).

export const APPLE_PASS_MIME_TYPE = "application/vnd.apple.pkpass";

export function appleWebServiceUrl(): string {
  return `${appUrl()}/api/wallet/apple`;
}

const rgb = (c: readonly number[]) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;

let cached: { key: string; template: Promise<Template> } | null = null;

/** The signing template (certificate, key, images) is parsed once per process and configuration. */
function templateFor(config: AppleWalletConfig): Promise<Template> {
  const key = [config.passTypeIdentifier, config.teamIdentifier, config.certificatePem, config.privateKeyPem, config.keyPassphrase ?? ""].join("\n");
  if (cached && cached.key === key) return cached.template;
  const template = (async () => {
    // Loaded on first use: node-forge is large, and most deployments never sign an Apple pass.
    const { Template } = await import("@walletpass/pass-js");
    // Devices only accept an http web service in developer mode, so http is allowed outside production.
    const t = new Template(
      "storeCard",
      {
        passTypeIdentifier: config.passTypeIdentifier,
        teamIdentifier: config.teamIdentifier,
        backgroundColor: rgb(PASS_COLOURS.background),
        foregroundColor: rgb(PASS_COLOURS.foreground),
        labelColor: rgb(PASS_COLOURS.foreground),
        sharingProhibited: true,
      },
      undefined,
      undefined,
      { allowHttp: env.NODE_ENV !== "production" },
    );
    t.setCertificate(config.certificatePem);
    t.setPrivateKey(config.privateKeyPem, config.keyPassphrase);
    if (config.wwdrCertificatePem && t.key) await useNodeSigner(t.key, config.privateKeyPem, config.keyPassphrase, config.wwdrCertificatePem);
    await t.images.add("icon", stampMarkPng(29));
    await t.images.add("icon", stampMarkPng(58), "2x");
    await t.images.add("icon", stampMarkPng(87), "3x");
    await t.images.add("logo", stampMarkPng(50));
    await t.images.add("logo", stampMarkPng(100), "2x");
    await t.images.add("logo", stampMarkPng(150), "3x");
    return t;
  })();
  cached = { key, template };
  template.catch(() => {
    if (cached?.template === template) cached = null; // a bad certificate is retried next time
  });
  return template;
}

/** The signed .pkpass for a card. The card must have its appleAuthToken. */
export async function buildApplePass(config: AppleWalletConfig, card: PassCard): Promise<Buffer> {
  if (!card.appleAuthToken) throw new Error(`card ${card.id} has no Apple authentication token`);
  const template = await templateFor(config);
  const pass = template.createPass({
    serialNumber: card.membershipNumber,
    description: `${card.business.name} loyalty card`,
    organizationName: card.business.name,
    logoText: card.business.name,
    webServiceURL: appleWebServiceUrl(),
    authenticationToken: card.appleAuthToken,
  });
  pass.primaryFields.add({ key: "points", label: "Points balance", value: card.customer.totalPoints, changeMessage: "Balance: %@ points" });
  pass.secondaryFields.add({ key: "name", label: "Name", value: card.customer.name });
  pass.auxiliaryFields.add({ key: "membershipNumber", label: "Membership number", value: formatMembershipNumber(card.membershipNumber) });
  pass.backFields.add({
    key: "about",
    label: "About this card",
    value: `Show the QR code or quote your membership number at ${card.business.name} to collect and spend points.`,
  });
  const tier = passTier(card); // issue 26
  if (tier) pass.auxiliaryFields.add({ key: "tier", label: "Tier", value: tier, changeMessage: "You are now %@" });
  const referral = passReferral(card);
  if (referral) pass.backFields.add({ key: "referral", label: "Refer a friend", value: referralText(referral) });
  pass.barcodes = [{ format: "PKBarcodeFormatQR", message: card.membershipNumber, messageEncoding: "iso-8859-1", altText: formatMembershipNumber(card.membershipNumber) }];
  // A closed account's pass stays in the wallet but shows as void.
  if (card.customer.accountStatus === "closed") pass.voided = true;
  return pass.asBuffer();
}

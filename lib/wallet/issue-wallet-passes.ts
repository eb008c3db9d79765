import "server-only";
import { log } from "@/lib/log";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { findPassCardById, type PassCard } from "@/lib/wallet/pass-card";
import { appleWalletConfig, googleWalletConfig } from "@/lib/wallet/wallet-config";
import { applePassDownloadUrl } from "@/lib/wallet/apple/apple-pass-url";
import { buildApplePass } from "@/lib/wallet/apple/build-apple-pass";
import { googleSaveLinkUrl, googleSaveUrl } from "@/lib/wallet/google/google-save-link";
import { isConfigured } from "@/lib/env";

type PassResult = { ok: true; data: Record<string, string> } | { ok: false };

/** Issues the wallet passes of a newly created card and records the card type: created (Digital
 *  Max) when a pass was made, fallback (Digital Core) when no wallet is configured, failed when a
 *  configured wallet could not make one. Never throws: a card without a pass is still a card. */
export async function issueWalletPasses(cardId: number): Promise<void> {
  try {
    const card = await findPassCardById(cardId);
    if (!card) {
      log.error({ source: "wallet", cardId }, "card not found; no passes issued");
      return;
    }
    if (!isConfigured.apple && !isConfigured.google) {
      await db.loyaltyCard.update({ where: { id: cardId }, data: { passkitStatus: "fallback", passUrl: null, applePassUrl: null, googlePassUrl: null } });
      return;
    }
    const apple = isConfigured.apple ? await issueApplePass(card) : null;
    const google = isConfigured.google ? await issueGooglePass(card) : null;
    const applePassUrl = apple?.ok ? apple.data.applePassUrl : null;
    const googlePassUrl = google?.ok ? google.data.googlePassUrl : null;
    await db.loyaltyCard.update({
      where: { id: cardId },
      data: {
        ...(apple?.ok ? { appleAuthToken: apple.data.appleAuthToken } : {}),
        applePassUrl,
        googlePassUrl,
        passUrl: applePassUrl ?? googlePassUrl,
        passkitStatus: applePassUrl || googlePassUrl ? "created" : "failed",
      },
    });
    // A new pass already shows everything: no wallet has an update pending. (Set from the row in one
    // statement: the tag itself is written at commit by the database, never by us.)
    await db.$executeRaw`UPDATE loyalty_cards SET "applePushedTag" = "passUpdatedAt", "googlePushedTag" = "passUpdatedAt" WHERE id = ${cardId}`;
  } catch (error) {
    log.error({ source: "wallet", cardId, err: error }, "issuing passes failed");
    await db.loyaltyCard.updateMany({ where: { id: cardId }, data: { passkitStatus: "failed" } }).catch(() => undefined);
  }
}

/** Builds the pass once (so a broken certificate shows now, as "failed", not at download time) and
 *  returns its link. The pass itself is built again on each download, with the current balance. */
async function issueApplePass(card: PassCard): Promise<PassResult> {
  try {
    const config = appleWalletConfig()!;
    const appleAuthToken = card.appleAuthToken ?? randomBytes(24).toString("base64url");
    await buildApplePass(config, { ...card, appleAuthToken });
    return { ok: true, data: { appleAuthToken, applePassUrl: applePassDownloadUrl(config.passTypeIdentifier, card.membershipNumber, appleAuthToken) } };
  } catch (error) {
    log.error({ source: "wallet", cardId: card.id, err: error }, "Apple pass failed");
    return { ok: false };
  }
}

async function issueGooglePass(card: PassCard): Promise<PassResult> {
  try {
    const config = googleWalletConfig()!;
    await googleSaveUrl(config, card); // proves the key signs
    // No object at Google yet: it is created when the customer follows the save link (issue 18).
    return { ok: true, data: { googlePassUrl: googleSaveLinkUrl(card) } };
  } catch (error) {
    log.error({ source: "wallet", cardId: card.id, err: error }, "Google pass failed");
    return { ok: false };
  }
}

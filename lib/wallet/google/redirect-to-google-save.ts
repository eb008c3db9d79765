import "server-only";
import { log } from "@/lib/log";
import { db } from "@/lib/db";
import { notFound, unauthorized } from "@/lib/errors/api-error";
import { isValidDownloadToken } from "@/lib/wallet/download-token";
import { findPassCardByMembershipNumber } from "@/lib/wallet/pass-card";
import { googleWalletApiBase, googleWalletConfig } from "@/lib/wallet/wallet-config";
import { GOOGLE_SAVE_URL_PREFIX, googleClassId, googleObjectId, googleSaveClaims, signGoogleSaveJwt } from "@/lib/wallet/google/google-save-link";
import { ensureGoogleLoyaltyObject } from "@/lib/wallet/google/update-google-loyalty-object";

// Follows a card's Google Wallet link: checks the link's token, then creates the card's loyalty
// object at Google (the customer is saving it: this is the only place an object is created) and
// redirects to a save URL signed now that names it. From then on the card is "saved" (it has a
// googleObjectId) and every change PATCHes it; cards never saved cost Google nothing. Should Google's
// API fail now, the save URL carries the whole object instead (Google creates it on save) and the
// first PATCH inserts it if it is still missing. An unknown number answers like a wrong token, so the
// route tells nobody which numbers exist.

export async function redirectToGoogleSave(req: Request, membershipNumber: string, now: Date): Promise<Response> {
  const config = googleWalletConfig();
  if (!config) throw notFound("Google Wallet is not set up");
  const card = await findPassCardByMembershipNumber(membershipNumber);
  const token = new URL(req.url).searchParams.get("t");
  if (!card || !isValidDownloadToken(token, "google-save", String(card.id), card.membershipNumber)) {
    throw unauthorized("This pass link is not valid");
  }
  const objectId = googleObjectId(config.issuerId, card.membershipNumber);
  const created = await ensureGoogleLoyaltyObject(config, googleWalletApiBase(), card, objectId);
  if (!created.ok) log.error({ source: "wallet", cardId: card.id }, `Google object not created before the save: ${created.error}`);
  // The object shows the card as read above: a change committed since is newer than this tag, so it is pushed.
  await db.loyaltyCard.update({ where: { id: card.id }, data: { googleObjectId: objectId, googlePushedTag: card.passUpdatedAt } });

  const full = googleSaveClaims(config, card, now);
  // An object that exists at Google is named by its ids alone (Google's "pre-created object" save).
  const claims = created.ok ? { ...full, payload: { loyaltyObjects: [{ id: objectId, classId: googleClassId(config.issuerId, card.businessId) }] } } : full;
  const jwt = await signGoogleSaveJwt(config, claims);
  return new Response(null, { status: 302, headers: { Location: GOOGLE_SAVE_URL_PREFIX + jwt, "Cache-Control": "private, no-store" } });
}

import "server-only";
import { notFound, unauthorized } from "@/lib/api/errors";
import { isValidDownloadToken } from "@/lib/wallet/download-token";
import { findPassCardByMembershipNumber } from "@/lib/wallet/pass-card";
import { googleWalletConfig } from "@/lib/wallet/wallet-config";
import { googleSaveUrl } from "@/lib/wallet/google/google-save-link";

// Follows a card's Google Wallet link: checks the link's token, then redirects to a save URL signed
// now. An unknown number answers like a wrong token, so the route tells nobody which numbers exist.

export async function redirectToGoogleSave(req: Request, membershipNumber: string, now: Date): Promise<Response> {
  const config = googleWalletConfig();
  if (!config) throw notFound("Google Wallet is not set up");
  const card = await findPassCardByMembershipNumber(membershipNumber);
  const token = new URL(req.url).searchParams.get("t");
  if (!card || !card.googleObjectId || !isValidDownloadToken(token, "google-save", String(card.id), card.membershipNumber)) {
    throw unauthorized("This pass link is not valid");
  }
  return new Response(null, { status: 302, headers: { Location: await googleSaveUrl(config, card, now), "Cache-Control": "private, no-store" } });
}

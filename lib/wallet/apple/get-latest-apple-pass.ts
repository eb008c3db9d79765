import "server-only";
import { notFound, unauthorized } from "@/lib/api/errors";
import { safeEqual } from "@/lib/wallet/download-token";
import { findPassCardByMembershipNumber } from "@/lib/wallet/pass-card";
import { appleWalletConfig } from "@/lib/wallet/wallet-config";
import { appleDownloadToken } from "@/lib/wallet/apple/apple-pass-url";
import { APPLE_PASS_MIME_TYPE, buildApplePass } from "@/lib/wallet/apple/build-apple-pass";

// The latest version of a pass, for a person following the card's download link (?t=...) and for a
// device asking for an update (Authorization: ApplePass <authenticationToken>). An unknown serial
// number answers exactly like a wrong token (401), so the route tells nobody which numbers exist.

export async function getLatestApplePass(req: Request, passTypeIdentifier: string, serialNumber: string): Promise<Response> {
  const config = appleWalletConfig();
  if (!config || passTypeIdentifier !== config.passTypeIdentifier) throw notFound("Pass type not found");

  const card = await findPassCardByMembershipNumber(serialNumber);
  const token = card?.appleAuthToken;
  const header = req.headers.get("authorization");
  const linkToken = new URL(req.url).searchParams.get("t");
  const authorized =
    !!card &&
    !!token &&
    ((header !== null && safeEqual(header, `ApplePass ${token}`)) ||
      (linkToken !== null && safeEqual(linkToken, appleDownloadToken(passTypeIdentifier, serialNumber, token))));
  if (!authorized) throw unauthorized("This pass link is not valid");

  // Last-Modified has whole seconds; a device sends back what it was given.
  const modified = new Date(Math.floor(card.passUpdatedAt.getTime() / 1000) * 1000);
  const headers = { "Last-Modified": modified.toUTCString(), "Cache-Control": "private, no-store" };
  const since = Date.parse(req.headers.get("if-modified-since") ?? "");
  if (!Number.isNaN(since) && modified.getTime() <= since) return new Response(null, { status: 304, headers });

  const pkpass = await buildApplePass(config, card);
  return new Response(new Uint8Array(pkpass), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": APPLE_PASS_MIME_TYPE,
      "Content-Disposition": `attachment; filename="loyalty-card-${serialNumber}.pkpass"`,
      "Content-Length": String(pkpass.length),
    },
  });
}

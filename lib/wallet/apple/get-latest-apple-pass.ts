import "server-only";
import { notFound, unauthorized } from "@/lib/errors/api-error";
import { safeEqual } from "@/lib/wallet/download-token";
import { findPassCardByMembershipNumber } from "@/lib/wallet/pass-card";
import { appleWalletConfig } from "@/lib/wallet/wallet-config";
import { appleDownloadToken } from "@/lib/wallet/apple/apple-pass-url";
import { APPLE_PASS_MIME_TYPE, buildApplePass } from "@/lib/wallet/apple/build-apple-pass";

// The latest version of a pass, for a person following the card's download link (?t=...) and for a
// device asking for an update (Authorization: ApplePass <authenticationToken>). An unknown serial
// number answers exactly like a wrong token (401), so the route tells nobody which numbers exist.

/** HTTP dates have whole seconds, and a change committing right now may carry a time in this
 *  second (or, while its commit is being written, the one before). So the Last-Modified of a pass
 *  changed in the last SETTLE_SECONDS is put before that window: the device then asks with an
 *  If-Modified-Since that any such change is later than, and gets it (a pass unchanged since is
 *  downloaded once more, harmlessly). This also keeps Last-Modified before Date (RFC 9110 8.8.2). */
const SETTLE_SECONDS = 2;

export function passLastModified(passUpdatedAt: Date, now: Date): { lastModified: Date; changedAt: Date } {
  const second = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;
  const changedAt = new Date(second(passUpdatedAt));
  const settled = second(now) - SETTLE_SECONDS * 1000;
  return { lastModified: new Date(Math.min(changedAt.getTime(), settled)), changedAt };
}

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

  const now = new Date();
  const { lastModified, changedAt } = passLastModified(card.passUpdatedAt, now);
  const headers = { Date: now.toUTCString(), "Last-Modified": lastModified.toUTCString(), "Cache-Control": "private, no-store" };
  const since = Date.parse(req.headers.get("if-modified-since") ?? "");
  if (!Number.isNaN(since) && changedAt.getTime() <= since) return new Response(null, { status: 304, headers });

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

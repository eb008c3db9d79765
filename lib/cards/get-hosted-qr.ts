import "server-only";
import { badRequest, notFound } from "@/lib/errors/api-error";
import { db } from "@/lib/db";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { isValidMembershipNumber } from "@/lib/rules/membership-number";
import { membershipQrEtag, renderMembershipQrPng } from "@/lib/cards/render-membership-qr";

// Public: the QR on the customer's own card. The image holds nothing but the number, so it may be
// cached anywhere for a year. Unknown numbers are rate limited per address, so the route cannot be
// used to list which numbers exist.
const CACHE_CONTROL = "public, max-age=31536000, immutable";
const UNKNOWN_NUMBER_LIMIT = { limit: 60, windowSeconds: 15 * 60, message: "Too many unknown membership numbers. Please try again later." };

export async function getHostedQr(req: Request, membershipNumber: string, now: Date): Promise<Response> {
  if (!isValidMembershipNumber(membershipNumber)) throw badRequest("Invalid membership number");
  const card = await db.loyaltyCard.findUnique({ where: { membershipNumber }, select: { id: true } });
  if (!card) {
    await enforceRateLimit(`qr-unknown:${clientIp(req)}`, UNKNOWN_NUMBER_LIMIT, now);
    throw notFound("Loyalty card not found");
  }
  const etag = membershipQrEtag(membershipNumber);
  const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const png = await renderMembershipQrPng(membershipNumber);
  return new Response(new Uint8Array(png), { status: 200, headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(png.length) } });
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

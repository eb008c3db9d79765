import "server-only";
import { db } from "@/lib/db";
import { requireOurPassType } from "@/lib/wallet/apple/web-service/authenticate-apple-pass";

// GET {webServiceURL}/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}?passesUpdatedSince=tag
// The serial numbers of this device's passes changed since the tag it last got (all of them without
// a tag), and the new tag; 204 when there are none. Apple sends no credentials here: the answer
// holds only serial numbers, which the device has.
//
// The tag is the card's passTag: a sequence number taken at commit, in commit order (migration
// 20261125211501). Every change a reader cannot see yet commits later, so it gets a larger tag than
// every change the reader sees: "passTag > the device's tag" in one query never skips one, and the
// new tag is the largest one answered.

/** Tags of the sequence start at 10^13; smaller numbers are epoch-ms tags of the old clock-based
 *  scheme (or garbage): read as no tag, so the device gets every pass once. */
export const FIRST_PASS_TAG = BigInt("10000000000000");

export function parseUpdateTag(tag: string | undefined): bigint | null {
  if (!tag || !/^\d{1,18}$/.test(tag)) return null;
  const value = BigInt(tag);
  return value >= FIRST_PASS_TAG ? value : null;
}

export async function listUpdatedApplePasses(p: { deviceLibraryIdentifier: string; passTypeIdentifier: string }, passesUpdatedSince?: string): Promise<Response> {
  requireOurPassType(p.passTypeIdentifier);
  const since = parseUpdateTag(passesUpdatedSince);
  const cards = await db.loyaltyCard.findMany({
    where: {
      registrations: { some: { deviceLibraryIdentifier: p.deviceLibraryIdentifier, passTypeIdentifier: p.passTypeIdentifier } },
      ...(since !== null ? { passTag: { gt: since } } : {}),
    },
    select: { membershipNumber: true, passTag: true },
    orderBy: { id: "asc" },
  });
  if (cards.length === 0) return new Response(null, { status: 204 });
  const lastUpdated = cards.reduce((max, c) => (c.passTag > max ? c.passTag : max), cards[0].passTag);
  return Response.json({ serialNumbers: cards.map((c) => c.membershipNumber), lastUpdated: lastUpdated.toString() });
}

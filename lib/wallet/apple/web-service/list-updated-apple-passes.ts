import "server-only";
import { db } from "@/lib/db";
import { requireOurPassType } from "@/lib/wallet/apple/web-service/authenticate-apple-pass";

// GET {webServiceURL}/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}?passesUpdatedSince=tag
// The serial numbers of this device's passes changed since the tag it last got (all of them without
// a tag), and the new tag; 204 when there are none. The tag is the newest passUpdatedAt in epoch ms.
// Apple sends no credentials here: the answer holds only serial numbers, which the device has.

export function parseUpdateTag(tag: string | undefined): Date | null {
  if (!tag || !/^\d{1,15}$/.test(tag)) return null;
  return new Date(Number(tag));
}

export async function listUpdatedApplePasses(p: { deviceLibraryIdentifier: string; passTypeIdentifier: string }, passesUpdatedSince?: string): Promise<Response> {
  requireOurPassType(p.passTypeIdentifier);
  const since = parseUpdateTag(passesUpdatedSince);
  const cards = await db.loyaltyCard.findMany({
    where: {
      registrations: { some: { deviceLibraryIdentifier: p.deviceLibraryIdentifier, passTypeIdentifier: p.passTypeIdentifier } },
      ...(since ? { passUpdatedAt: { gt: since } } : {}),
    },
    select: { membershipNumber: true, passUpdatedAt: true },
    orderBy: { id: "asc" },
  });
  if (cards.length === 0) return new Response(null, { status: 204 });
  const lastUpdated = Math.max(...cards.map((c) => c.passUpdatedAt.getTime()));
  return Response.json({ serialNumbers: cards.map((c) => c.membershipNumber), lastUpdated: String(lastUpdated) });
}

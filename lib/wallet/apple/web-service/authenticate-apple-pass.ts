import "server-only";
import { db } from "@/lib/db";
import { notFound, unauthorized } from "@/lib/errors/api-error";
import { safeEqual } from "@/lib/wallet/download-token";
import { appleWalletConfig, type AppleWalletConfig } from "@/lib/wallet/wallet-config";

// Apple's pass web service authenticates a device with the pass's own token:
// "Authorization: ApplePass <authenticationToken>". Our pass type only, and an unknown serial
// number answers like a wrong token (401), so nobody learns which numbers exist.

/** The configured Apple pass type, or 404 when Apple Wallet is off or the type is not ours. */
export function requireOurPassType(passTypeIdentifier: string): AppleWalletConfig {
  const config = appleWalletConfig();
  if (!config || passTypeIdentifier !== config.passTypeIdentifier) throw notFound("Pass type not found");
  return config;
}

export async function authenticateApplePass(req: Request, passTypeIdentifier: string, serialNumber: string): Promise<{ id: number; passUpdatedAt: Date }> {
  requireOurPassType(passTypeIdentifier);
  const card = await db.loyaltyCard.findUnique({ where: { membershipNumber: serialNumber }, select: { id: true, appleAuthToken: true, passUpdatedAt: true } });
  const header = req.headers.get("authorization");
  if (!card?.appleAuthToken || header === null || !safeEqual(header, `ApplePass ${card.appleAuthToken}`)) throw unauthorized("Not authorized for this pass");
  return { id: card.id, passUpdatedAt: card.passUpdatedAt };
}

import "server-only";
import { db } from "@/lib/db";
import { authenticateApplePass } from "@/lib/wallet/apple/web-service/authenticate-apple-pass";

// DELETE {webServiceURL}/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}
// The pass was removed from the device: stop pushing to it (200 whether or not it was registered).

export async function unregisterAppleDevice(req: Request, p: { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string }): Promise<Response> {
  const card = await authenticateApplePass(req, p.passTypeIdentifier, p.serialNumber);
  await db.walletDeviceRegistration.deleteMany({ where: { deviceLibraryIdentifier: p.deviceLibraryIdentifier, passTypeIdentifier: p.passTypeIdentifier, loyaltyCardId: card.id } });
  return new Response(null, { status: 200 });
}

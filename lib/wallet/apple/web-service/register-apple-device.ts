import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { authenticateApplePass } from "@/lib/wallet/apple/web-service/authenticate-apple-pass";

// POST {webServiceURL}/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}
// A device asks to be told when the pass changes: 201 when newly registered, 200 when it already was.

export const appleRegistrationBody = z.object({ pushToken: z.string().trim().regex(/^[A-Za-z0-9]{1,200}$/, "pushToken must be a device token") });
export const appleDeviceParams = z.object({
  deviceLibraryIdentifier: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, "invalid device library identifier"),
  passTypeIdentifier: z.string().max(200),
});
export const appleDevicePassParams = appleDeviceParams.extend({ serialNumber: z.string().max(100) });

// A pass's token sits in the pass file its holder can read: bound how fast anyone can pile push
// tokens onto it (a phone registers once per pass; bogus tokens are dropped on the first push).
const REGISTER_LIMIT = { limit: 60, windowSeconds: 3600 };

export async function registerAppleDevice(req: Request, p: z.infer<typeof appleDevicePassParams>, pushToken: string, now: Date): Promise<Response> {
  const card = await authenticateApplePass(req, p.passTypeIdentifier, p.serialNumber);
  await enforceRateLimit(`wallet-register:${clientIp(req)}`, REGISTER_LIMIT, now);
  const key = { deviceLibraryIdentifier: p.deviceLibraryIdentifier, passTypeIdentifier: p.passTypeIdentifier, loyaltyCardId: card.id };
  // A device has one push token: a new one replaces it on all of that device's registrations.
  await db.walletDeviceRegistration.updateMany({ where: { deviceLibraryIdentifier: p.deviceLibraryIdentifier, passTypeIdentifier: p.passTypeIdentifier }, data: { pushToken } });
  // ON CONFLICT DO NOTHING: the count says whether this registration is new, race-free.
  const { count } = await db.walletDeviceRegistration.createMany({ data: [{ ...key, pushToken }], skipDuplicates: true });
  if (count === 0) return new Response(null, { status: 200 });
  // The device has just installed the pass as it is now: nothing to push for it yet.
  await db.loyaltyCard.updateMany({ where: { id: card.id, applePushedTag: null }, data: { applePushedTag: card.passUpdatedAt } });
  return new Response(null, { status: 201 });
}

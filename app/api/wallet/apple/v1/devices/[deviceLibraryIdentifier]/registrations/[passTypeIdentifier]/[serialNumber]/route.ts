import { publicRoute } from "@/lib/api/route";
import { appleDevicePassParams, appleRegistrationBody, registerAppleDevice } from "@/lib/wallet/apple/web-service/register-apple-device";
import { unregisterAppleDevice } from "@/lib/wallet/apple/web-service/unregister-apple-device";

// POST /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber} -
// Apple Wallet: register a device for the pass's updates (201 new, 200 already; 401 wrong token)
export const POST = publicRoute({ params: appleDevicePassParams, body: appleRegistrationBody }, ({ req, params, body, now }) => registerAppleDevice(req, params, body.pushToken, now));

// DELETE (same path) - Apple Wallet: unregister the device from the pass (401 wrong token)
export const DELETE = publicRoute({ params: appleDevicePassParams }, ({ req, params }) => unregisterAppleDevice(req, params));

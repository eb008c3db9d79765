import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { appleDeviceParams } from "@/lib/wallet/apple/web-service/register-apple-device";
import { listUpdatedApplePasses } from "@/lib/wallet/apple/web-service/list-updated-apple-passes";

const query = z.object({ passesUpdatedSince: z.string().max(40).optional() });

// GET /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier} -
// Apple Wallet: serial numbers of this device's passes updated since a tag (204 when none)
export const GET = publicRoute({ params: appleDeviceParams, query }, ({ params, query }) => listUpdatedApplePasses(params, query.passesUpdatedSince));

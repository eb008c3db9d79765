import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { getLatestApplePass } from "@/lib/wallet/apple/get-latest-apple-pass";

const params = z.object({ passTypeIdentifier: z.string(), serialNumber: z.string() });

// GET /api/wallet/apple/v1/passes/{passTypeIdentifier}/{serialNumber} - the .pkpass, for the card's
// download link (?t=) and for Apple's "latest version of a pass" request (Authorization: ApplePass <token>)
export const GET = publicRoute({ params }, ({ req, params }) => getLatestApplePass(req, params.passTypeIdentifier, params.serialNumber));

import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { redirectToGoogleSave } from "@/lib/wallet/google/redirect-to-google-save";

const params = z.object({ membershipNumber: z.string() });

// GET /api/wallet/google/save/{membershipNumber}?t= - redirect to a freshly signed "save to Google Wallet" URL
export const GET = publicRoute({ params }, ({ req, params, now }) => redirectToGoogleSave(req, params.membershipNumber, now));

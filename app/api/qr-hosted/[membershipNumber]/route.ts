import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { getHostedQr } from "@/lib/cards/get-hosted-qr";

const params = z.object({ membershipNumber: z.string() });

// GET /api/qr-hosted/{membershipNumber} - the card's QR code as a cacheable PNG (public: it is printed on the card)
export const GET = publicRoute({ params }, ({ req, params, now }) => getHostedQr(req, params.membershipNumber, now));

import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { getWalletImage } from "@/lib/wallet/get-wallet-image";

const params = z.object({ image: z.string() });

// GET /api/wallet/images/{image} - the wallet mark Google Wallet shows as the programme logo (logo.png)
export const GET = publicRoute({ params }, ({ params }) => getWalletImage(params.image));

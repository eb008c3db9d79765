import { publicRoute } from "@/lib/api/route";
import { appleLogBody, logAppleWalletMessages } from "@/lib/wallet/apple/web-service/log-apple-wallet-messages";

// POST /api/wallet/apple/v1/log - Apple Wallet devices report web-service errors
export const POST = publicRoute({ body: appleLogBody, maxBodyBytes: 50_000 }, ({ req, body, now }) => logAppleWalletMessages(req, body.logs, now));

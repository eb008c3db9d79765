import { adminRoute } from "@/lib/api/route";
import { listWalletPushProblems } from "@/lib/admin/monitoring/list-wallet-push-problems";

// GET /api/admin/wallet-push-problems - configuration errors APNs or Google keep answering (wrong topic, certificate, key), for the wallet-pass monitor
export const GET = adminRoute({}, () => listWalletPushProblems());

import "server-only";
import { log } from "@/lib/log";
import { z } from "zod";
import { notFound } from "@/lib/errors/api-error";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { appleWalletConfig } from "@/lib/wallet/wallet-config";

// POST {webServiceURL}/v1/log - devices report web-service problems here (e.g. a pass that failed
// to download). Logged for us to read, never stored; anyone can call it, so it is bounded per
// address and per request, and absent when Apple Wallet is not configured.

export const appleLogBody = z.object({ logs: z.array(z.string().max(2_000)).max(100) });

const LOG_LIMIT = { limit: 30, windowSeconds: 3600 };

export async function logAppleWalletMessages(req: Request, logs: string[], now: Date): Promise<Response> {
  if (!appleWalletConfig()) throw notFound("Pass type not found");
  await enforceRateLimit(`wallet-log:${clientIp(req)}`, LOG_LIMIT, now);
  for (const line of logs.slice(0, 10)) log.warn({ source: "wallet" }, `Apple device log: ${line.replace(/[\r\n]+/g, " ").slice(0, 300)}`);
  return new Response(null, { status: 200 });
}

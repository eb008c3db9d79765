import "server-only";
import { enforceRateLimit } from "@/lib/rate-limit";

// Password sign-in limits, three buckets per audience: one address and one account (the usual
// typo-friendly limit), one address across many accounts (credential stuffing), and one account
// from many addresses (a distributed guess; generous, so a stranger cannot lock an owner out).
const MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const WINDOW = 15 * 60;

export async function enforceLoginLimits(scope: "login" | "admin-login" | "staff-login", ip: string, account: string, now: Date): Promise<void> {
  const who = account.trim().toLowerCase();
  await enforceRateLimit(`${scope}:${ip}:${who}`, { limit: 10, windowSeconds: WINDOW, message: MESSAGE }, now);
  await enforceRateLimit(`${scope}:ip:${ip}`, { limit: 30, windowSeconds: WINDOW, message: MESSAGE }, now);
  await enforceRateLimit(`${scope}:account:${who}`, { limit: 50, windowSeconds: WINDOW, message: MESSAGE }, now);
}

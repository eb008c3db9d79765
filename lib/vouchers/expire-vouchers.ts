import "server-only";
import { db } from "@/lib/db";

// The nightly voucher job (spec 4.2: "expired: the expiry date passed (automatic)"). One set-based
// statement; running it again changes nothing. Reads never wait for it: the API already reports an
// active voucher past its expiry as expired, and the till refuses it.
export async function expireVouchers(now: Date) {
  const vouchersExpired = await db.$executeRaw`
    UPDATE vouchers SET status = 'expired', "isActive" = false, "updatedAt" = ${now}
    WHERE status = 'active' AND "expiresAt" IS NOT NULL AND "expiresAt" <= ${now}`;
  return { vouchersExpired };
}

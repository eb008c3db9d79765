import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { appUrl } from "@/lib/env";
import { referralCodeFrom, referralLink } from "@/lib/rules/referrals";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

/** The customer's referral code, given on first ask (unique across all businesses; retried on the rare clash). */
export async function getReferralCode(businessId: number, customerId: number): Promise<{ code: string; link: string } | null> {
  const c = await db.customer.findFirst({ where: { id: customerId, businessId, accountStatus: { not: "archived" } }, select: { referralCode: true } });
  if (!c) return null;
  if (c.referralCode) return { code: c.referralCode, link: referralLink(appUrl(), c.referralCode) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = referralCodeFrom(randomBytes(8));
    try {
      const set = await db.customer.updateMany({ where: { id: customerId, businessId, referralCode: null }, data: { referralCode: code } });
      if (set.count === 1) {
        notifyPassChange([customerId]); // the code is on the back of the pass
        return { code, link: referralLink(appUrl(), code) };
      }
      const again = await db.customer.findFirst({ where: { id: customerId, businessId }, select: { referralCode: true } });
      if (again?.referralCode) return { code: again.referralCode, link: referralLink(appUrl(), again.referralCode) };
      return null;
    } catch (e) {
      if (!(e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")) throw e;
    }
  }
  throw new Error("could not allocate a referral code");
}

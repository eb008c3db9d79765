import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";

// The admin's system control for a business's referral code (spec 3 section 7, "defined but not
// used by visible controls").

const newCode = () => randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase().slice(0, 8);

/** Gives a business a new referral code (old links stop working). Retries on the rare clash. */
export async function generateReferralCode(actor: Actor, businessId: number) {
  const business = await db.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } }, select: { id: true, referralCode: true } });
  if (!business) throw notFound("Business not found");
  for (let attempt = 0; ; attempt++) {
    const referralCode = newCode();
    try {
      await db.$transaction(async (tx) => {
        await tx.business.update({ where: { id: businessId }, data: { referralCode } });
        await logActivity({ businessId, actor, action: "referral_code_generated", description: `Super admin generated referral code ${referralCode}`, tableName: "businesses", recordId: businessId, oldValues: { referralCode: business.referralCode }, newValues: { referralCode } }, tx);
      });
      return { message: "Referral code generated", referralCode };
    } catch (e) {
      if ((e as { code?: string }).code !== "P2002" || attempt >= 4) throw e;
    }
  }
}

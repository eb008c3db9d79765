import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { checkCode, consumeCode } from "@/lib/verification/codes";

// Spec 2 section 4.4: checks the code against the latest one sent for this business (to whichever
// number it went), then stores that number as the business's verified phone. A wrong code costs
// one of the 5 tries; the code is used up in the same transaction as the update.

export const NO_CODE_MESSAGE = "No verification code has been sent. Please request a new code.";

export async function verifyPhoneCode(auth: BusinessPrincipal, code: string, now = new Date()) {
  const businessId = auth.businessId;
  const latest = await db.verificationCode.findFirst({
    where: { purpose: "business_phone", businessId, consumedAt: null },
    orderBy: { id: "desc" },
    select: { target: true },
  });
  if (!latest) throw badRequest(NO_CODE_MESSAGE);
  const phone = latest.target;
  const checked = await checkCode({ purpose: "business_phone", businessId, target: phone }, code, now);

  const before = await db.$transaction(async (tx) => {
    await consumeCode(tx, checked.id, now);
    const previous = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { phone: true } });
    await tx.business.update({ where: { id: businessId }, data: { phone, phoneVerifiedAt: now } });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "business_phone_verified",
        description: `Verified the business phone number ${phone}`,
        tableName: "businesses",
        recordId: businessId,
        oldValues: { phone: previous.phone },
        newValues: { phone, phoneVerifiedAt: now.toISOString() },
      },
      tx,
    );
    return previous;
  });
  return { message: "Phone number verified", phone, previousPhone: before.phone, phoneVerified: true, phoneVerifiedAt: now.toISOString() };
}

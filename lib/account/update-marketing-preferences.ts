import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import type { MarketingPreferencesInput } from "@/lib/validation/account";

/** PUT /api/business/marketing-preferences: whether the owner hears from us by email and SMS. */
export async function updateMarketingPreferences(auth: BusinessPrincipal, input: MarketingPreferencesInput) {
  const businessId = auth.businessId;
  return db.$transaction(async (tx) => {
    const before = await tx.business.findUnique({ where: { id: businessId }, select: { emailMarketing: true, smsMarketing: true } });
    if (!before) throw notFound("Business not found");
    await tx.business.update({ where: { id: businessId }, data: input });
    if (before.emailMarketing !== input.emailMarketing || before.smsMarketing !== input.smsMarketing) {
      await logActivity(
        {
          businessId,
          actor: auth.actor,
          action: "marketing_preferences_updated",
          description: `Marketing preferences: email ${input.emailMarketing ? "on" : "off"}, SMS ${input.smsMarketing ? "on" : "off"}`,
          tableName: "businesses",
          recordId: businessId,
          oldValues: before,
          newValues: { ...input },
        },
        tx,
      );
    }
    return { message: "Marketing preferences updated", ...input };
  });
}

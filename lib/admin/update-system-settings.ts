import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import type { AdminPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { getSystemSettings, getSystemSettingsRow } from "@/lib/settings/get-system-settings";
import { forgetMaintenanceFlag } from "@/lib/settings/maintenance-flag";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import type { SystemSettingsUpdate } from "@/lib/validation/admin";

/** Applies a partial settings change. An empty or null default price falls back to 21.00; PIN
 *  protection cannot be switched on without a PIN. The audit row never holds the PIN itself. */
export async function updateSystemSettings(auth: AdminPrincipal, input: SystemSettingsUpdate) {
  const before = await getSystemSettings();
  const current = await getSystemSettingsRow();
  const data: Record<string, unknown> = {};
  for (const key of ["signupsEnabled", "pinProtectionEnabled", "maintenanceMode", "bannerEnabled"] as const) {
    if (input[key] !== undefined) data[key] = input[key];
  }
  for (const key of ["signupPin", "bannerTitle", "bannerText"] as const) {
    if (input[key] !== undefined) data[key] = input[key] === "" ? null : input[key];
  }
  if (input.defaultSubscriptionPrice !== undefined) data.defaultSubscriptionPricePence = input.defaultSubscriptionPrice || MAX_PLAN_PRICE_PENCE;
  const pinOn = (data.pinProtectionEnabled as boolean | undefined) ?? current.pinProtectionEnabled;
  const pin = data.signupPin !== undefined ? (data.signupPin as string | null) : current.signupPin;
  if (pinOn && !pin) throw badRequest("Please set a signup PIN before turning PIN protection on");

  await db.$transaction(async (tx) => {
    const row = await tx.systemSettings.update({ where: { id: 1 }, data: { ...data, updatedBy: auth.actor.name } });
    const after: typeof before = {
      ...before,
      signupsEnabled: row.signupsEnabled, pinProtectionEnabled: row.pinProtectionEnabled, defaultSubscriptionPrice: (row.defaultSubscriptionPricePence / 100).toFixed(2),
      maintenanceMode: row.maintenanceMode, bannerEnabled: row.bannerEnabled, bannerTitle: row.bannerTitle, bannerText: row.bannerText,
    };
    const changed = (Object.keys(input) as (keyof typeof before)[]).filter((k) => k !== "signupPin" && before[k] !== after[k]);
    const hide = (o: typeof before) => Object.fromEntries(changed.map((k) => [k, o[k]]));
    const pinChanged = input.signupPin !== undefined && input.signupPin !== before.signupPin;
    await logActivity(
      {
        businessId: null, actor: auth.actor, action: "system_settings_updated",
        description: `Super admin updated system settings: ${[...changed, ...(pinChanged ? ["signupPin"] : [])].join(", ") || "no changes"}`,
        tableName: "system_settings", recordId: 1, oldValues: hide(before), newValues: hide(after),
      },
      tx,
    );
  });
  forgetMaintenanceFlag(); // this process's pages see a maintenance switch at once (others within 5 s)
  return { message: "Settings Updated", settings: await getSystemSettings() };
}

import { adminRoute, publicRoute } from "@/lib/api/route";
import { getSystemSettings } from "@/lib/settings/get-system-settings";
import { systemSettingsUpdateSchema } from "@/lib/validation/admin";
import { updateSystemSettings } from "@/lib/admin/update-system-settings";

// GET /api/admin/system-settings - all settings for a super admin; the public subset (never the PIN) for anyone else
export const GET = publicRoute({}, async ({ auth }) => {
  const settings = await getSystemSettings();
  if (auth?.kind === "admin") return settings;
  return {
    signupsEnabled: settings.signupsEnabled,
    pinProtectionEnabled: settings.pinProtectionEnabled,
    maintenanceMode: settings.maintenanceMode,
    bannerEnabled: settings.bannerEnabled,
    bannerTitle: settings.bannerTitle,
    bannerText: settings.bannerText,
    defaultSubscriptionPrice: settings.defaultSubscriptionPrice,
  };
});

// PUT /api/admin/system-settings - change any subset of the settings (super admin only)
export const PUT = adminRoute({ body: systemSettingsUpdateSchema }, ({ auth, body }) => updateSystemSettings(auth, body));

import "server-only";
import { db } from "@/lib/db";

export type SystemSettingsView = {
  signupsEnabled: boolean;
  pinProtectionEnabled: boolean;
  signupPin: string | null;
  defaultSubscriptionPrice: string;
  maintenanceMode: boolean;
  bannerEnabled: boolean;
  bannerTitle: string | null;
  bannerText: string | null;
};

/** The single settings row, created with defaults on first read (ON CONFLICT DO NOTHING, so two
 *  first reads at once on a fresh database do not race). */
export async function getSystemSettingsRow() {
  const row = await db.systemSettings.findUnique({ where: { id: 1 } });
  if (row) return row;
  await db.systemSettings.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  return db.systemSettings.findUniqueOrThrow({ where: { id: 1 } });
}

export async function getSystemSettings(): Promise<SystemSettingsView> {
  const row = await getSystemSettingsRow();
  return {
    signupsEnabled: row.signupsEnabled,
    pinProtectionEnabled: row.pinProtectionEnabled,
    signupPin: row.signupPin,
    defaultSubscriptionPrice: (row.defaultSubscriptionPricePence / 100).toFixed(2),
    maintenanceMode: row.maintenanceMode,
    bannerEnabled: row.bannerEnabled,
    bannerTitle: row.bannerTitle,
    bannerText: row.bannerText,
  };
}

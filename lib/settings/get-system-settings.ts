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

/** The single settings row, created with defaults on first read. */
export async function getSystemSettingsRow() {
  return (
    (await db.systemSettings.findUnique({ where: { id: 1 } })) ??
    (await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} }))
  );
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

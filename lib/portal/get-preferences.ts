import "server-only";
import type { Customer } from "@/generated/prisma/client";
import { resolvePortalCustomer } from "@/lib/portal/portal-customers";
import type { PortalScope } from "@/lib/portal-access/portal-scope";
import type { PreferencesRecord } from "@/lib/portal/types";

export function toPreferencesRecord(c: Customer & { business: { name: string } }): PreferencesRecord {
  return {
    customerId: c.id,
    businessName: c.business.name,
    accountStatus: c.accountStatus,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    marketingConsentEmail: c.marketingConsentEmail,
    marketingConsentSms: c.marketingConsentSms,
    marketingPreferencesLastUpdatedBy: c.marketingPreferencesLastUpdatedBy,
    marketingPreferencesLastUpdatedAt: c.marketingPreferencesLastUpdatedAt?.toISOString() ?? null,
  };
}

/** The preferences record of one of the address's accounts (the chosen one, or the only one). */
export async function getPreferences(scope: PortalScope, customerId: number | undefined): Promise<PreferencesRecord> {
  return toPreferencesRecord(await resolvePortalCustomer(scope, customerId));
}

import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { assertNoDuplicateCustomer, duplicateCustomerMessage } from "@/lib/customers/find-duplicate-customer";
import { CLOSED_READ_ONLY_MESSAGE } from "@/lib/customers/update-customer";
import { toPreferencesRecord } from "@/lib/portal/get-preferences";
import { CUSTOMER_NOT_FOUND, resolvePortalCustomer } from "@/lib/portal/portal-customers";
import { portalCustomerWhere, type PortalScope } from "@/lib/portal-access/portal-scope";
import type { PreferencesRecord } from "@/lib/portal/types";
import type { PreferencesValues } from "@/lib/validation/portal";

const FIELDS = ["firstName", "lastName", "name", "phone", "marketingConsentEmail", "marketingConsentSms"] as const;
type Field = (typeof FIELDS)[number];

/** PUT /api/customer-portal/preferences (scope "one": the chosen or only account) and
 *  /preferences/all (scope "all": every open account of the address). The customer is recorded as
 *  the one who last updated the preferences, with the time; each account's business gets an
 *  activity row with the old and new value of every changed field (consent per channel). A changed
 *  phone number is no longer marked as verified by SMS. All accounts change together or not at all. */
export async function updatePreferences(portal: PortalScope, values: PreferencesValues, scope: "one" | "all", now = new Date()): Promise<PreferencesRecord[]> {
  const targets =
    scope === "one"
      ? [await resolvePortalCustomer(portal, values.customerId)]
      : await db.customer.findMany({ where: portalCustomerWhere(portal), include: { business: { select: { id: true, name: true } } }, orderBy: { createdAt: "asc" } });
  if (targets.length === 0) throw notFound(CUSTOMER_NOT_FOUND);

  const next: Record<Field, string | boolean> = {
    firstName: values.firstName,
    lastName: values.lastName,
    name: `${values.firstName} ${values.lastName}`,
    phone: values.phone,
    marketingConsentEmail: values.marketingConsentEmail,
    marketingConsentSms: values.marketingConsentSms,
  };

  try {
    return await db.$transaction(async (tx) => {
      const out: PreferencesRecord[] = [];
      for (const before of targets) {
        const changed = FIELDS.filter((k) => before[k] !== next[k]);
        if (changed.length === 0) {
          out.push(toPreferencesRecord(before));
          continue;
        }
        if (changed.includes("phone")) await assertNoDuplicateCustomer(before.businessId, before.email, values.phone, before.id, tx);
        const data = {
          ...Object.fromEntries(changed.map((k) => [k, next[k]])),
          ...(changed.includes("phone") ? { phoneVerifiedAt: null } : {}),
          marketingPreferencesLastUpdatedBy: "customer",
          marketingPreferencesLastUpdatedAt: now,
        };
        // Guarded: a close that lands in between wins (closed accounts are read-only).
        const res = await tx.customer.updateMany({ where: { id: before.id, businessId: before.businessId, accountStatus: { notIn: ["closed", "archived"] } }, data });
        if (res.count !== 1) throw conflict(CLOSED_READ_ONLY_MESSAGE);
        const consentChanged = changed.includes("marketingConsentEmail") || changed.includes("marketingConsentSms");
        await logActivity(
          {
            businessId: before.businessId,
            actor: { type: "customer", id: before.id, name: before.name },
            action: consentChanged ? "customer_consent_updated" : "customer_updated",
            description: `Customer ${before.name} updated their preferences: ${changed.join(", ")}`,
            tableName: "customers",
            recordId: before.id,
            oldValues: { ...Object.fromEntries(changed.map((k) => [k, before[k]])), marketingPreferencesLastUpdatedBy: before.marketingPreferencesLastUpdatedBy },
            newValues: { ...Object.fromEntries(changed.map((k) => [k, next[k]])), marketingPreferencesLastUpdatedBy: "customer", marketingPreferencesLastUpdatedAt: now.toISOString() },
          },
          tx,
        );
        out.push(toPreferencesRecord(await tx.customer.findUniqueOrThrow({ where: { id: before.id }, include: { business: { select: { id: true, name: true } } } })));
      }
      return out;
    });
  } catch (e) {
    const duplicate = duplicateCustomerMessage(e);
    if (duplicate) throw conflict(duplicate);
    throw e;
  }
}

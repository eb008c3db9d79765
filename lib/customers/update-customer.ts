import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { assertNoDuplicateCustomer, duplicateCustomerMessage } from "@/lib/customers/find-duplicate-customer";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { splitName, type updateCustomerSchema } from "@/lib/validation/customers";
import type { z } from "zod";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

export const CLOSED_READ_ONLY_MESSAGE = "Update not allowed: Cannot modify data for closed accounts. Account is read-only for 28 days.";

type Changes = z.output<typeof updateCustomerSchema>;

/** PATCH /api/customers/{id}: edits details and consents. Closed accounts are read-only; a consent
 *  change records that the business made it, and when. */
export async function updateCustomer(businessId: number, id: number, changes: Changes, actor: Actor, now = new Date()) {
  const before = await getCustomerOrThrow(businessId, id);
  if (before.accountStatus === "closed") throw conflict(CLOSED_READ_ONLY_MESSAGE);

  const data: Record<string, unknown> = {};
  if (changes.name !== undefined) {
    data.name = changes.name;
    if (changes.firstName === undefined && changes.lastName === undefined) Object.assign(data, splitName(changes.name));
  }
  if (changes.firstName !== undefined) data.firstName = changes.firstName;
  if (changes.lastName !== undefined) data.lastName = changes.lastName;
  if (changes.email !== undefined) data.email = changes.email;
  if (changes.phone !== undefined) data.phone = changes.phone;
  if (changes.dateOfBirth !== undefined) data.dateOfBirth = changes.dateOfBirth ? new Date(`${changes.dateOfBirth}T00:00:00Z`) : null;
  const consentChanged =
    (changes.marketingConsentEmail !== undefined && changes.marketingConsentEmail !== before.marketingConsentEmail) ||
    (changes.marketingConsentSms !== undefined && changes.marketingConsentSms !== before.marketingConsentSms);
  if (changes.marketingConsentEmail !== undefined) data.marketingConsentEmail = changes.marketingConsentEmail;
  if (changes.marketingConsentSms !== undefined) data.marketingConsentSms = changes.marketingConsentSms;
  if (consentChanged) {
    data.marketingPreferencesLastUpdatedBy = "business";
    data.marketingPreferencesLastUpdatedAt = now;
  }

  const email = (data.email as string | undefined) ?? before.email;
  const phone = (data.phone as string | undefined) ?? before.phone;
  if (data.email !== undefined || data.phone !== undefined) await assertNoDuplicateCustomer(businessId, email, phone, id);

  const changedKeys = Object.keys(data).filter((k) => String((before as Record<string, unknown>)[k]) !== String(data[k]));
  try {
    const after = await db.$transaction(async (tx) => {
      // Guarded on the state read above: a close that lands in between wins.
      const res = await tx.customer.updateMany({ where: { id, businessId, accountStatus: { not: "closed" } }, data });
      if (res.count !== 1) throw conflict(CLOSED_READ_ONLY_MESSAGE);
      if (changedKeys.length) {
        await logActivity(
          {
            businessId,
            actor,
            action: consentChanged ? "customer_consent_updated" : "customer_updated",
            description: `Updated customer ${before.name}: ${changedKeys.join(", ")}`,
            tableName: "customers",
            recordId: id,
            oldValues: Object.fromEntries(changedKeys.map((k) => [k, jsonValue((before as Record<string, unknown>)[k])])),
            newValues: Object.fromEntries(changedKeys.map((k) => [k, jsonValue(data[k])])),
          },
          tx,
        );
      }
      return tx.customer.findUniqueOrThrow({ where: { id }, include: { card: true } });
    });
    if (changedKeys.includes("name")) notifyPassChange([id]);
    return toCustomerDto(after);
  } catch (e) {
    const duplicate = duplicateCustomerMessage(e);
    if (duplicate) throw conflict(duplicate);
    throw e;
  }
}

function jsonValue(v: unknown): string | number | boolean | null {
  if (v instanceof Date) return v.toISOString();
  if (v === undefined || v === null) return null;
  if (typeof v === "number" || typeof v === "boolean") return v;
  return String(v);
}

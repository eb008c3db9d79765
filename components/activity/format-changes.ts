import { planLabel } from "@/lib/rules/plans";
import { formatUkPhone } from "@/lib/rules/uk-phone-format";
import { formatDate, formatDateTime } from "@/lib/rules/format";

// Activity rows keep old and new values as JSON. The log shows them as "field: old → new" lines
// a person can read, instead of raw JSON: amounts in pence as pounds ("amount: £12.50", not
// "amount pence: 1250"), plan status values by their plan names, phone numbers in the UK form,
// calendar dates (a date of birth is stored as midnight UTC) without a time, and no row ids.

export type Change = { field: string; from: string | null; to: string | null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "businessAddress" -> "business address", "sms_marketing" -> "sms marketing". */
export function fieldLabel(key: string): string {
  return key
    .replace(/_?(pence|Pence)$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

const MIDNIGHT_UTC = /T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/;
const PLAN_KEYS = /^(subscription_?status|plan|from_?plan|to_?plan|old_?plan|new_?plan)$/i;
const PHONE_KEYS = /phone/i;
const PENCE_KEYS = /_?pence$/i;
/** Row ids mean nothing to the owner: the description already names the record. */
export const isIdField = (key: string) => key === "id" || /(_id|Id|_ids|Ids)$/.test(key);

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A value as the owner reads it; `key` (the field's stored name) picks money, plan and phone forms. */
export function formatValue(value: unknown, key = ""): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return PENCE_KEYS.test(key) ? gbp.format(value / 100) : String(value);
  if (typeof value === "string") {
    if (PENCE_KEYS.test(key) && /^-?\d+$/.test(value)) return gbp.format(Number(value) / 100);
    if (PLAN_KEYS.test(key)) return planLabel(value);
    if (PHONE_KEYS.test(key)) return formatUkPhone(value);
    if (ISO_DATE.test(value)) return MIDNIGHT_UTC.test(value) ? formatDate(value.slice(0, 10) + "T12:00:00Z") : formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(v, key)).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => !isIdField(k))
    .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v, k)}`)
    .join(", ");
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** One line per field that has a value on either side and did not stay the same. */
export function describeChanges(oldValues: unknown, newValues: unknown): Change[] {
  if (oldValues == null && newValues == null) return [];
  if (!isRecord(oldValues) && !isRecord(newValues)) {
    return [{ field: "value", from: oldValues == null ? null : formatValue(oldValues), to: newValues == null ? null : formatValue(newValues) }];
  }
  const before = isRecord(oldValues) ? oldValues : {};
  const after = isRecord(newValues) ? newValues : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => !isIdField(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: fieldLabel(k), from: k in before ? formatValue(before[k], k) : null, to: k in after ? formatValue(after[k], k) : null }));
}

/** "business settings updated" from "business_settings_updated". */
export function actionLabel(action: string): string {
  return action.replace(/_/g, " ");
}

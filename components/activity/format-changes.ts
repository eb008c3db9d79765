import { formatDateTime } from "@/lib/utils";

// Activity rows keep old and new values as JSON. The log shows them as "field: old → new" lines
// a person can read, instead of raw JSON.

export type Change = { field: string; from: string | null; to: string | null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "businessAddress" -> "business address", "sms_marketing" -> "sms marketing". */
export function fieldLabel(key: string): string {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return ISO_DATE.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.map(formatValue).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v)}`)
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
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: fieldLabel(k), from: k in before ? formatValue(before[k]) : null, to: k in after ? formatValue(after[k]) : null }));
}

/** "business settings updated" from "business_settings_updated". */
export function actionLabel(action: string): string {
  return action.replace(/_/g, " ");
}

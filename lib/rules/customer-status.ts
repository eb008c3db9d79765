// Spec 1 sections 3-4: how the customer screens read a customer's account and sleep status.
// Both spellings the spec gives are accepted: 'paused' is 'snoozed', 'awake' is 'active'.

import { wholeDaysUntil } from "@/lib/rules/uk-time";

export type AccountState = "active" | "snoozed" | "closed";
export type SleepState = "active" | "asleep" | "scheduled_deletion";

export function accountState(status: string | null | undefined): AccountState {
  if (status === "closed" || status === "archived") return "closed";
  if (status === "snoozed" || status === "paused") return "snoozed";
  return "active";
}

export function sleepState(status: string | null | undefined): SleepState {
  if (status === "asleep") return "asleep";
  if (status === "scheduled_deletion") return "scheduled_deletion";
  return "active";
}

export const isClosed = (c: { accountStatus: string }) => accountState(c.accountStatus) === "closed";
export const isSnoozed = (c: { accountStatus: string }) => accountState(c.accountStatus) === "snoozed";

export const SLEEP_STATUS_LABELS: Record<SleepState, string> = {
  active: "active",
  asleep: "asleep",
  scheduled_deletion: "scheduled for deletion",
};

export type StatusTone = "success" | "secondary" | "warning" | "destructive";

/** The one status the hub shows: a closed or snoozed account says so, otherwise the sleep status. */
export function customerStatus(c: { accountStatus: string; sleepStatus: string }): { label: string; tone: StatusTone } {
  const account = accountState(c.accountStatus);
  if (account === "closed") return { label: "closed", tone: "destructive" };
  if (account === "snoozed") return { label: "snoozed", tone: "secondary" };
  const sleep = sleepState(c.sleepStatus);
  if (sleep === "asleep") return { label: SLEEP_STATUS_LABELS.asleep, tone: "warning" };
  if (sleep === "scheduled_deletion") return { label: SLEEP_STATUS_LABELS.scheduled_deletion, tone: "destructive" };
  return { label: SLEEP_STATUS_LABELS.active, tone: "success" };
}

/** Who last changed the marketing consents: 'customer', 'business', anything else is 'system'. */
export function consentUpdaterLabel(updatedBy: string | null | undefined): "customer" | "business" | "system" {
  if (updatedBy === "customer") return "customer";
  if (updatedBy === "business") return "business";
  return "system";
}

/** Whole days left before a parked customer is deleted, never below 0 (a part day counts as one).
 *  Prefers the server's figure; falls back to the scheduled date; null when neither is known. */
export function daysUntilDeletion(
  p: { daysUntilDeletion?: number | null; scheduledDeletionAt?: string | null },
  now: Date = new Date(),
): number | null {
  if (typeof p.daysUntilDeletion === "number" && Number.isFinite(p.daysUntilDeletion)) return Math.max(0, Math.floor(p.daysUntilDeletion));
  if (!p.scheduledDeletionAt) return null;
  const at = Date.parse(p.scheduledDeletionAt);
  if (Number.isNaN(at)) return null;
  return wholeDaysUntil(at, now);
}

/** Why a customer was parked: the two known reasons in words, anything else shown raw. */
export function parkedReasonLabel(reason: string | null | undefined): string {
  if (reason === "trial_limit") return "trial limit";
  if (reason === "payment_failed") return "payment failed";
  return reason ?? "";
}

/** The pickers' filters of GET /api/customers (issue 23): open = not closed (parking); active = may
 *  take every kind of transaction, a gift, a voucher or a rate change (not closed, snoozed, asleep
 *  or scheduled for deletion). */
export const CUSTOMER_STATUS_FILTERS = ["open", "active"] as const;
export type CustomerStatusFilter = (typeof CUSTOMER_STATUS_FILTERS)[number];
/** How many customers one GET /api/customers?ids= names at most. */
export const MAX_CUSTOMER_IDS = 500;

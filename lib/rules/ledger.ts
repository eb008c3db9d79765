// The rules of every points balance, stated once (issue 17). Pure, so the server, the dialogs and
// the property tests read the same text. The files in lib/ledger/ are the ONLY writers of the
// points_ledger table and of customers."totalPoints" and "lifetimeSpentPence";
// tests/unit/ledger-single-writer.test.ts reads the source and fails if any other file writes them.
//
// 1. A customer's balance is the sum of their ledger rows; each row stores the balance after it.
// 2. A balance is never negative (and never above what the column holds).
// 3. Closed and deleted (archived) customers never change: closing or deleting forfeits the balance
//    with one 'forfeit' row in the same database transaction, and nothing moves it afterwards.
// 4. Snoozed, asleep and scheduled-for-deletion customers change only through a purchase ('earn'),
//    and that purchase wakes them (spec 2 section 4.1).
// 5. Parked customers never change (spec 2 section 4.6: kept with their data but inactive).
// 6. Every row carries its kind, a reason and the actor (type, id, name).
// Each rule is also in the guarded SQL of the writers, so a customer changed between the check and
// the write (another request, the lifecycle job) is refused, never half-written.

import { MAX_STORED_INT } from "@/lib/rules/money";

export const LEDGER_KINDS = ["earn", "redeem", "bonus", "goodwill", "adjustment", "gift_out", "gift_in", "correction", "reversal", "forfeit"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const INSUFFICIENT_POINTS = "insufficient points - wait for customer to earn or add bonus points to proceed";
export const CLOSED_ACCOUNT = "Closed accounts are read-only: no transactions can be recorded.";
export const DELETED_ACCOUNT = "This customer has been deleted: their points and transactions can no longer change.";
export const PURCHASES_ONLY = "This customer's account is asleep or snoozed: only purchases can be recorded, and a purchase wakes the account.";
export const PARKED = "This customer is parked. Reactivate them before recording transactions.";
export const TOO_LARGE = "This change would take the customer's points or lifetime spend above the maximum this system can hold";

/** The customer state the rules read. */
export type LedgerState = { accountStatus: string; sleepStatus: string; parkedAt: Date | null };

export const isClosedOrDeleted = (s: Pick<LedgerState, "accountStatus">) => s.accountStatus === "closed" || s.accountStatus === "archived";
export const isSleeping = (s: Pick<LedgerState, "accountStatus" | "sleepStatus">) =>
  s.accountStatus === "snoozed" || s.accountStatus === "paused" || s.sleepStatus === "asleep" || s.sleepStatus === "scheduled_deletion";

/** Kinds that may move a sleeping customer's balance: a purchase (which wakes them) and the forfeit
 *  written as the account is closed or deleted. */
export const SLEEPING_KINDS: readonly LedgerKind[] = ["earn", "forfeit"];
/** A purchase wakes the account (spec 2 section 4.1). */
export const wakes = (kind: LedgerKind) => kind === "earn";

/** Why this kind of change may not touch this customer, or null if it may (rules 3-5). Forfeit is
 *  the last movement of a closing or deleted account, so only an already closed one refuses it. */
export function refusalFor(state: LedgerState, kind: LedgerKind): string | null {
  if (state.accountStatus === "archived") return DELETED_ACCOUNT;
  if (isClosedOrDeleted(state)) return CLOSED_ACCOUNT;
  if (kind === "forfeit") return null;
  if (state.parkedAt) return PARKED;
  if (isSleeping(state) && !SLEEPING_KINDS.includes(kind)) return PURCHASES_ONLY;
  return null;
}

/** Rule 2 for a change of `points` and `spendPence`: a message, or null if the totals stay in range. */
export function rangeProblem(balance: number, spentPence: number, points: number, spendPence: number, insufficient = INSUFFICIENT_POINTS): string | null {
  if (balance + points < 0 || spentPence + spendPence < 0) return insufficient;
  if (balance + points > MAX_STORED_INT || spentPence + spendPence > MAX_STORED_INT) return TOO_LARGE;
  return null;
}

/** Rule 6: the reason a row carries when the caller gives none. */
export const DEFAULT_REASONS: Record<LedgerKind, string> = {
  earn: "purchase",
  redeem: "points redemption",
  bonus: "bonus points",
  goodwill: "goodwill points",
  adjustment: "points adjustment",
  gift_out: "gift sent",
  gift_in: "gift received",
  correction: "transaction edited",
  reversal: "transaction deleted",
  forfeit: "account closed",
};

import "server-only";
import { log } from "@/lib/log";
import { db } from "@/lib/db";
import { ukDate } from "@/lib/rules/uk-time";
import type { Prisma } from "@/generated/prisma/client";
import { apnsEndpoint, appleWalletConfig, googleWalletApiBase, googleWalletConfig, type AppleWalletConfig, type GoogleWalletConfig } from "@/lib/wallet/wallet-config";
import { sendApnsPushes } from "@/lib/wallet/push/send-apns-pushes";
import { updateGoogleLoyaltyObject } from "@/lib/wallet/google/update-google-loyalty-object";
import { passCardSelect, type PassCard } from "@/lib/wallet/pass-card";
import { retryDelayMs, type RetryKind } from "@/lib/wallet/push/retry-backoff";
import { appleConfigKey, CONFIGURATION_ERROR_PREFIX, googleConfigKey, recordPushProblem, resolvePushProblem } from "@/lib/wallet/push/push-problems";

// One push round for one card: tells every registered Apple device that the pass changed and
// PATCHes the Google object of a saved pass, for whatever the card's passUpdatedAt holds now. What
// each wallet received is its "pushed tag"; a wallet whose tag is behind is pending.
//
// Each wallet is tried once per round and keeps its own retry counter, backoff and error, so one
// failing never delays the other. A failure waits out an exponential backoff with jitter
// (retry-backoff.ts) and the wallet-push cron tries again; a configuration error (classify-apns-
// response.ts, or Google's 400/401/403) waits hours, is recorded for the super admin's monitor, and
// is released early by the first push that goes through with the same configuration. A short lease
// on the row stops the request that made the change and the cron pushing the same card at once.

const LEASE_MS = 2 * 60_000;
const MAX_ROUNDS = 3;
export const GOOGLE_NOTIFY_PER_DAY = 3;

/** The UK calendar day of an instant, as a UTC midnight Date (the @db.Date column's form). */
export function ukDay(now: Date): Date {
  return new Date(`${ukDate(now)}T00:00:00Z`);
}

const cardSelect = {
  ...passCardSelect,
  applePushedTag: true,
  googlePushedTag: true,
  applePushAttempts: true,
  appleNextPushAt: true,
  applePushError: true,
  googlePushAttempts: true,
  googleNextPushAt: true,
  googlePushError: true,
  googleNotifyCount: true,
  googleNotifyDay: true,
  registrations: { select: { id: true, pushToken: true } },
} as const;
type Card = PassCard & Prisma.LoyaltyCardGetPayload<{ select: typeof cardSelect }>;

const behind = (pushed: Date | null, tag: Date) => pushed === null || pushed.getTime() < tag.getTime();
const due = (next: Date | null, now: Date) => next === null || next.getTime() <= now.getTime();

/** What one wallet's try came to. */
type Outcome =
  | { state: "skipped" }
  | { state: "delivered"; tag: Date; anySent: boolean; data?: Prisma.LoyaltyCardUncheckedUpdateInput }
  | { state: "failed"; kind: RetryKind; error: string; retryAfterMs?: number };

async function pushApple(config: AppleWalletConfig, card: Card, tag: Date): Promise<Outcome> {
  if (card.registrations.length === 0) return { state: "delivered", tag, anySent: false }; // nobody to tell: the next download carries it
  const endpoint = apnsEndpoint();
  const tokens = [...new Set(card.registrations.map((r) => r.pushToken))];
  const results = await sendApnsPushes(config, endpoint, tokens);
  const sent = results.filter((r) => r.outcome === "sent");
  // DeviceTokenNotForTopic while other devices accept the same topic and certificate: the token
  // belongs to another app or pass type, not a configuration error: drop it like a dead token.
  const foreign = sent.length > 0 ? results.filter((r) => r.outcome === "configuration" && r.reason === "DeviceTokenNotForTopic") : [];
  const dropped = [...results.filter((r) => r.outcome === "unregistered"), ...foreign].map((r) => r.token);
  if (dropped.length) await db.walletDeviceRegistration.deleteMany({ where: { loyaltyCardId: card.id, pushToken: { in: dropped } } });

  const key = appleConfigKey(config, endpoint.url);
  const configuration = results.filter((r) => r.outcome === "configuration" && !foreign.includes(r));
  const retry = results.filter((r) => r.outcome === "retry");
  if (configuration.length) {
    const first = configuration[0];
    const message = `APNs ${first.status ?? "refused the connection"} ${first.reason ?? ""}`.trim();
    await recordPushProblem("apple", key, { status: first.status, reason: first.reason ?? "connection", message });
    return { state: "failed", kind: "configuration", error: `${CONFIGURATION_ERROR_PREFIX}: ${message} for ${configuration.length} of ${tokens.length} devices` };
  }
  if (sent.length) await resolvePushProblem("apple", key);
  if (retry.length) {
    const first = retry[0];
    return { state: "failed", kind: "retry", error: `APNs: ${retry.length} of ${tokens.length} pushes to retry (${first.status ?? "no answer"} ${first.reason ?? ""})`.trim() };
  }
  return { state: "delivered", tag, anySent: sent.length > 0 };
}

async function pushGoogle(config: GoogleWalletConfig, card: Card, objectId: string, tag: Date, now: Date): Promise<Outcome> {
  const day = ukDay(now);
  const used = card.googleNotifyDay?.getTime() === day.getTime() ? card.googleNotifyCount : 0;
  const notify = used < GOOGLE_NOTIFY_PER_DAY;
  const apiBase = googleWalletApiBase();
  const result = await updateGoogleLoyaltyObject(config, apiBase, card, objectId, notify);
  const key = googleConfigKey(config, apiBase);
  if (!result.ok) {
    if (result.kind === "configuration") {
      await recordPushProblem("google", key, { status: result.status, reason: result.reason, message: result.error });
      return { state: "failed", kind: "configuration", error: `${CONFIGURATION_ERROR_PREFIX}: ${result.error}` };
    }
    return { state: "failed", kind: "retry", error: result.error, retryAfterMs: result.retryAfterMs };
  }
  await resolvePushProblem("google", key);
  // a newly inserted object is not an update: Google notifies nobody, so it costs nothing
  return { state: "delivered", tag, anySent: true, data: { googleNotifyDay: day, googleNotifyCount: used + (notify && !result.created ? 1 : 0) } };
}

/** The row's columns for one wallet's outcome. */
function record(wallet: "apple" | "google", outcome: Outcome, attempts: number, now: Date): Prisma.LoyaltyCardUncheckedUpdateInput {
  if (outcome.state === "skipped") return {};
  if (outcome.state === "delivered") {
    return wallet === "apple"
      ? { applePushedTag: outcome.tag, applePushAttempts: 0, appleNextPushAt: null, applePushError: null }
      : { ...outcome.data, googlePushedTag: outcome.tag, googlePushAttempts: 0, googleNextPushAt: null, googlePushError: null };
  }
  const next = new Date(now.getTime() + retryDelayMs(outcome.kind, attempts + 1, Math.random(), outcome.retryAfterMs));
  return wallet === "apple"
    ? { applePushAttempts: attempts + 1, appleNextPushAt: next, applePushError: outcome.error.slice(0, 500) }
    : { googlePushAttempts: attempts + 1, googleNextPushAt: next, googlePushError: outcome.error.slice(0, 500) };
}

/** Takes the card's push lease; false when another round holds it. */
async function claim(cardId: number): Promise<boolean> {
  const now = new Date();
  const { count } = await db.loyaltyCard.updateMany({
    where: { id: cardId, OR: [{ pushLeaseUntil: null }, { pushLeaseUntil: { lt: now } }] },
    data: { pushLeaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

/** One round; returns true when the card's tag moved on during it and nothing failed (so another
 *  round is due now rather than from the cron). */
async function pushRound(cardId: number): Promise<boolean> {
  const card = await db.loyaltyCard.findUnique({ where: { id: cardId }, select: cardSelect });
  if (!card) return false;
  const tag = card.passUpdatedAt;
  const now = new Date();

  const appleConfig = appleWalletConfig();
  const googleConfig = googleWalletConfig();
  const [apple, google] = await Promise.all([
    appleConfig && card.appleAuthToken && behind(card.applePushedTag, tag) && due(card.appleNextPushAt, now) ? pushApple(appleConfig, card, tag) : ({ state: "skipped" } as const),
    googleConfig && card.googleObjectId && behind(card.googlePushedTag, tag) && due(card.googleNextPushAt, now)
      ? pushGoogle(googleConfig, card, card.googleObjectId, tag, now)
      : ({ state: "skipped" } as const),
  ]);

  const data = { ...record("apple", apple, card.applePushAttempts, now), ...record("google", google, card.googlePushAttempts, now) };
  const appleError = "applePushError" in data ? data.applePushError : card.applePushError;
  const googleError = "googlePushError" in data ? data.googlePushError : card.googlePushError;
  const delivered = [apple, google].some((o) => o.state === "delivered" && o.anySent);
  const failed = [apple, google].some((o) => o.state === "failed");
  // returns the row as written, so a change committed during the round shows in its tag
  const written = await db.loyaltyCard.update({
    where: { id: cardId },
    select: { passUpdatedAt: true },
    data: {
      ...data,
      ...(delivered ? { lastPushAt: now } : {}),
      lastPushError: [appleError, googleError].filter(Boolean).join("; ").slice(0, 500) || null,
      pushLeaseUntil: null,
    },
  });
  const attempted = apple.state !== "skipped" || google.state !== "skipped";
  return attempted && !failed && written.passUpdatedAt.getTime() !== tag.getTime();
}

/** Rounds until the card's wallets hold its latest tag; the caller has taken the lease. */
async function pushClaimed(cardId: number): Promise<void> {
  for (let round = 0; ; round++) {
    let again = false;
    try {
      again = await pushRound(cardId);
    } catch (e) {
      await db.loyaltyCard.updateMany({ where: { id: cardId }, data: { pushLeaseUntil: null } }).catch(() => undefined);
      throw e;
    }
    if (!again || round + 1 >= MAX_ROUNDS || !(await claim(cardId))) return; // the holder (or the cron after it) delivers the latest tag
  }
}

async function pushSafely(cardId: number, claimed: boolean): Promise<void> {
  try {
    if (claimed || (await claim(cardId))) await pushClaimed(cardId);
  } catch (e) {
    log.error({ source: "wallet", cardId, err: e }, "pass update push failed");
    await db.loyaltyCard
      .updateMany({ where: { id: cardId }, data: { lastPushError: `push round failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500) } })
      .catch(() => undefined);
  }
}

/** Brings one card's wallets up to date. Never throws. */
export function pushCardUpdates(cardId: number): Promise<void> {
  return pushSafely(cardId, false);
}

/** The cards of these customers that have a wallet pass at all: found and leased in one statement
 *  (this runs right after the change's commit, so every round trip is push latency). */
export async function pushPassesOfCustomers(customerIds: number[]): Promise<void> {
  const now = new Date();
  const claimed = await db.$queryRaw<{ id: number }[]>`
    UPDATE loyalty_cards SET "pushLeaseUntil" = ${new Date(now.getTime() + LEASE_MS)}
    WHERE "customerId" = ANY(${customerIds}::int[]) AND ("appleAuthToken" IS NOT NULL OR "googleObjectId" IS NOT NULL)
      AND ("pushLeaseUntil" IS NULL OR "pushLeaseUntil" < ${now})
    RETURNING id`;
  await Promise.all(claimed.map((c) => pushSafely(c.id, true)));
}

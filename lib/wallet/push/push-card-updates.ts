import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/generated/prisma/client";
import { apnsEndpoint, appleWalletConfig, googleWalletApiBase, googleWalletConfig, type AppleWalletConfig, type GoogleWalletConfig } from "@/lib/wallet/wallet-config";
import { sendApnsPushes, type ApnsResult } from "@/lib/wallet/push/send-apns-pushes";
import { updateGoogleLoyaltyObject, type GoogleUpdate } from "@/lib/wallet/google/update-google-loyalty-object";
import { passCardSelect, type PassCard } from "@/lib/wallet/pass-card";

// One push round for one card: tells every registered Apple device that the pass changed and
// patches the Google object, for whatever the card's update tag (passUpdatedAt) holds now. What was
// delivered is recorded as the wallet's "pushed tag"; a card whose tag is ahead of it is pending,
// and the wallet-push cron retries it after a backoff. A short lease on the row stops the request
// that made the change and the cron from pushing the same card at the same moment.

const LEASE_MS = 2 * 60_000;
const TRIES = 3;
const BACKOFF_MS = [0, 200, 1_000];
const MAX_ROUNDS = 3;
export const GOOGLE_NOTIFY_PER_DAY = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Cron backoff after n failed rounds: 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** The UK calendar day of an instant, as a UTC midnight Date (the @db.Date column's form). */
export function ukDay(now: Date): Date {
  return new Date(`${now.toLocaleDateString("en-CA", { timeZone: "Europe/London" })}T00:00:00Z`);
}

const cardSelect = {
  ...passCardSelect,
  applePushedTag: true,
  googlePushedTag: true,
  pushAttempts: true,
  googleNotifyCount: true,
  googleNotifyDay: true,
  registrations: { select: { id: true, pushToken: true } },
} as const;

const behind = (pushed: Date | null, tag: Date) => pushed === null || pushed.getTime() < tag.getTime();

async function pushApple(config: AppleWalletConfig, tokens: string[]): Promise<{ sent: number; removed: string[]; error?: string }> {
  const endpoint = apnsEndpoint();
  let pending = [...new Set(tokens)];
  let sent = 0;
  const removed: string[] = [];
  let last: ApnsResult[] = [];
  for (let i = 0; i < TRIES && pending.length; i++) {
    if (BACKOFF_MS[i]) await sleep(BACKOFF_MS[i]);
    last = await sendApnsPushes(config, endpoint, pending);
    sent += last.filter((r) => r.outcome === "sent").length;
    removed.push(...last.filter((r) => r.outcome === "unregistered").map((r) => r.token));
    pending = last.filter((r) => r.outcome === "retry").map((r) => r.token);
  }
  const failed = last.filter((r) => r.outcome === "retry" || r.outcome === "failed");
  const error = failed.length ? `APNs: ${failed.length} of ${tokens.length} pushes failed (${failed[0].status ?? "no answer"} ${failed[0].reason ?? ""})`.trim() : undefined;
  return { sent, removed, error };
}

async function pushGoogle(config: GoogleWalletConfig, card: PassCard, objectId: string, notify: boolean): Promise<GoogleUpdate> {
  let result: GoogleUpdate = { ok: false, retry: true, error: "not tried" };
  for (let i = 0; i < TRIES; i++) {
    if (BACKOFF_MS[i]) await sleep(BACKOFF_MS[i]);
    result = await updateGoogleLoyaltyObject(config, googleWalletApiBase(), card, objectId, notify);
    if (result.ok || !result.retry) break;
  }
  return result;
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

/** One round; returns true when the card's tag moved on during it (so another round is due). */
async function pushRound(cardId: number): Promise<boolean> {
  const card = await db.loyaltyCard.findUnique({ where: { id: cardId }, select: cardSelect });
  if (!card) return false;
  const tag = card.passUpdatedAt;
  const now = new Date();
  const errors: string[] = [];
  let delivered = false;
  const data: Prisma.LoyaltyCardUncheckedUpdateInput = {};

  const appleConfig = appleWalletConfig();
  if (appleConfig && card.appleAuthToken && behind(card.applePushedTag, tag)) {
    if (card.registrations.length === 0) {
      data.applePushedTag = tag; // nobody to tell; the next download carries the change
    } else {
      const apple = await pushApple(appleConfig, card.registrations.map((r) => r.pushToken));
      if (apple.removed.length) await db.walletDeviceRegistration.deleteMany({ where: { pushToken: { in: apple.removed } } });
      if (apple.sent > 0) delivered = true;
      if (apple.error) errors.push(apple.error);
      else data.applePushedTag = tag;
    }
  }

  const googleConfig = googleWalletConfig();
  if (googleConfig && card.googleObjectId && behind(card.googlePushedTag, tag)) {
    const day = ukDay(now);
    const sameDay = card.googleNotifyDay?.getTime() === day.getTime();
    const used = sameDay ? card.googleNotifyCount : 0;
    const notify = used < GOOGLE_NOTIFY_PER_DAY;
    const google = await pushGoogle(googleConfig, card, card.googleObjectId, notify);
    if (google.ok) {
      delivered = true;
      data.googlePushedTag = tag;
      data.googleNotifyDay = day;
      // a newly inserted object is not an update: Google notifies nobody, so it costs nothing
      data.googleNotifyCount = used + (notify && !google.created ? 1 : 0);
    } else {
      errors.push(google.error);
    }
  }

  const failed = errors.length > 0;
  const attempts = failed ? card.pushAttempts + 1 : 0;
  // returns the row as written, so a change committed during the round shows in its tag
  const after = await db.loyaltyCard.update({
    where: { id: cardId },
    select: { passUpdatedAt: true },
    data: {
      ...data,
      ...(delivered ? { lastPushAt: now } : {}),
      ...(failed ? { lastPushError: errors.join("; ").slice(0, 500) } : delivered ? { lastPushError: null } : {}),
      pushAttempts: attempts,
      nextPushAt: failed ? new Date(now.getTime() + retryDelayMs(attempts)) : null,
      pushLeaseUntil: null,
    },
  });
  return !failed && after.passUpdatedAt.getTime() !== tag.getTime();
}

/** Brings one card's wallets up to date. Never throws. */
export async function pushCardUpdates(cardId: number): Promise<void> {
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (!(await claim(cardId))) return; // the holder (or the cron after it) delivers the latest tag
      let again = false;
      try {
        again = await pushRound(cardId);
      } catch (e) {
        await db.loyaltyCard.updateMany({ where: { id: cardId }, data: { pushLeaseUntil: null } }).catch(() => undefined);
        throw e;
      }
      if (!again) return;
    }
  } catch (e) {
    console.error(`[wallet] push for card ${cardId} failed`, e);
    await db.loyaltyCard
      .updateMany({ where: { id: cardId }, data: { lastPushError: `push round failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500) } })
      .catch(() => undefined);
  }
}

/** The cards of these customers that have a wallet pass at all. */
export async function pushPassesOfCustomers(customerIds: number[]): Promise<void> {
  const cards = await db.loyaltyCard.findMany({
    where: { customerId: { in: customerIds }, OR: [{ appleAuthToken: { not: null } }, { googleObjectId: { not: null } }] },
    select: { id: true },
  });
  await Promise.all(cards.map((c) => pushCardUpdates(c.id)));
}

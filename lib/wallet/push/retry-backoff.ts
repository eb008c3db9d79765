// When a wallet push that failed is tried again: exponential backoff with jitter, per wallet (Apple
// and Google each keep their own counter on the card). Pure: unit-tested.
//
// retry (429, 5xx, connection): 30 s, 1, 2, 4 ... minutes, at most an hour. configuration (a request
// or credential Apple/Google refuses): 1, 2, 4 ... hours, at most a day (a fix of the configuration,
// or any push that goes through with it, releases the waiting cards sooner). "Equal jitter": half the
// delay fixed, half random, so failures of many cards at once do not come back at once.

export type RetryKind = "retry" | "configuration";

const SCHEDULE: Record<RetryKind, { baseMs: number; capMs: number }> = {
  retry: { baseMs: 30_000, capMs: 60 * 60_000 },
  configuration: { baseMs: 60 * 60_000, capMs: 24 * 60 * 60_000 },
};

/** Delay after the n-th consecutive failure (n >= 1); random in [0, 1). A Retry-After the service
 *  sent is a floor. */
export function retryDelayMs(kind: RetryKind, attempts: number, random: number = Math.random(), retryAfterMs = 0): number {
  const { baseMs, capMs } = SCHEDULE[kind];
  const full = Math.min(capMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.max(retryAfterMs, Math.round(full / 2 + (full / 2) * random));
}

// What to do with APNs' answer to one push, for every reason in Apple's table ("Handling
// notification responses from APNs", status codes 400-503). Pure: unit-tested.
//
// - retry: the push may go through later (throttling, Apple's servers, connection trouble); the
//   card's Apple side is retried by the cron with exponential backoff and jitter.
// - unregistered: this device token is dead or foreign: drop its registration.
// - configuration: our request or credentials are wrong (certificate, topic, headers); retrying
//   the same request cannot help. Shown on the super admin's wallet-pass monitor, and the card waits
//   a long backoff (or a successful push with the current configuration) instead of looping.

export type ApnsOutcome = "sent" | "unregistered" | "retry" | "configuration";

const UNREGISTERED = new Set(["BadDeviceToken", "Unregistered", "ExpiredToken", "MissingDeviceToken"]);
const RETRY = new Set(["TooManyRequests", "TooManyProviderTokenUpdates", "IdleTimeout", "InternalServerError", "ServiceUnavailable", "Shutdown"]);
/** Apple's documented reasons that mean the request or the credentials are wrong. */
export const APNS_CONFIGURATION_REASONS = [
  "BadCollapseId",
  "BadExpirationDate",
  "BadMessageId",
  "BadPriority",
  "BadTopic",
  "DeviceTokenNotForTopic",
  "DuplicateHeaders",
  "InvalidPushType",
  "MissingTopic",
  "PayloadEmpty",
  "TopicDisallowed",
  "BadCertificate",
  "BadCertificateEnvironment",
  "ExpiredProviderToken",
  "Forbidden",
  "InvalidProviderToken",
  "MissingProviderToken",
  "UnrelatedKeyIdInToken",
  "BadEnvironmentKeyInToken",
  "BadPath",
  "MethodNotAllowed",
  "PayloadTooLarge",
] as const;
export const APNS_UNREGISTERED_REASONS = [...UNREGISTERED];
export const APNS_RETRY_REASONS = [...RETRY];

/** status undefined: no HTTP answer (connection or stream failure), see classifyApnsConnectionError. */
export function classifyApnsResponse(status: number | undefined, reason: string | undefined): ApnsOutcome {
  if (status === 200) return "sent";
  if (status === undefined) return "retry";
  if (status === 410 || (reason !== undefined && UNREGISTERED.has(reason))) return "unregistered";
  if (status === 429 || status >= 500 || (reason !== undefined && RETRY.has(reason))) return "retry";
  // every other 4xx (documented or not): the request itself is wrong
  return "configuration";
}

/** A TLS failure (our certificate refused, APNs' certificate not trusted, key and certificate not a
 *  pair) is a configuration error; a refused, reset or timed-out connection is worth a retry. */
export function classifyApnsConnectionError(message: string, code?: string): ApnsOutcome {
  const text = `${code ?? ""} ${message}`;
  if (/CERT|certificate|alert|ERR_OSSL|ERR_TLS|key values mismatch|self[- ]signed|unable to verify|handshake/i.test(text)) return "configuration";
  return "retry";
}

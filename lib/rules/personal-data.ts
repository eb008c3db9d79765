import type { BrowserOptions, ErrorEvent } from "@sentry/nextjs";

// Personal data never leaves in logs or error reports (issue 22). One rule for both: the log
// (lib/log.ts, pino) and the error reports sent to Sentry from the server
// (lib/observability/sentry-server.ts) and the browser (instrumentation-client.ts).

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// UK and international phone numbers (+44 7700 900123, 07700 900123, 0044...) and bare digit runs of
// 4-8 (verification codes, PINs). Longer runs (ids, timestamps) are kept.
const PHONE = /(?:\+|\b0)\d[\d\s-]{7,16}\d/g;
const CODE = /\b\d{4,8}\b/g;

/** Masks email addresses, phone numbers and short digit codes in free text. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PHONE, "[phone]").replace(CODE, "[code]");
}

// In a URL or a path (request URLs, Next's request_path, navigation and fetch breadcrumbs): every
// query value (a search's text, the one-time credential of an emailed link: the portal's ?access=,
// a reset link's ?token=) and the path segments that are credentials (/confirm-membership/<token>,
// any long random-looking segment).
const QUERY_VALUE = /([?&][^=&#\s"]*)=[^&#\s"]*/g;
const TOKEN_PATH = /(\/confirm-membership\/)[^/?#\s"]+/g;
const RANDOM_SEGMENT = /\/(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}(?=[/?#\s"]|$)/g;

/** `scrub`, and also query values and credential-like path segments wherever a URL appears. */
export function scrubLinks(text: string): string {
  return scrub(text.replace(QUERY_VALUE, "$1=[filtered]").replace(TOKEN_PATH, "$1[token]").replace(RANDOM_SEGMENT, "/[token]"));
}

/** A browser click's breadcrumb names the element with its aria-label, title and alt (Sentry's
 *  htmlTreeAsString), and our rows are labelled with the customer's name ("delete transaction for
 *  Jo Bloggs"): the attribute names are kept, their values dropped. */
const ELEMENT_LABEL = /\[(aria-label|title|alt|name)="[^"]*"\]/g;
const withoutElementLabels = (text: string) => text.replace(ELEMENT_LABEL, "[$1]");

/** Every string inside a JSON-like value, scrubbed (URLs in it too). */
function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubLinks(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, depth + 1)]));
}

/** A URL with its path and query scrubbed (the host and port are kept as they are). */
function scrubUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${scrubLinks(decodeURIComponent(u.pathname) + u.search)}`;
  } catch {
    return scrubLinks(url);
  }
}

/** A query string (text, key-value object or pairs, as Sentry keeps it) with every value filtered. */
function filterQuery(query: unknown): unknown {
  if (typeof query === "string") return scrubLinks(`?${query}`).slice(1);
  if (Array.isArray(query)) return query.map((pair) => (Array.isArray(pair) ? [scrub(String(pair[0])), "[filtered]"] : "[filtered]"));
  if (query && typeof query === "object") return Object.fromEntries(Object.keys(query).map((k) => [scrub(k), "[filtered]"]));
  return undefined;
}

/** Request headers an error report may carry: none that identify a person or a session. */
const SAFE_HEADER_NAMES = ["accept", "content-type", "content-length", "user-agent", "x-request-id", "host"];
const SAFE_HEADERS = new Set(SAFE_HEADER_NAMES);

/**
 * What the Sentry SDK may collect (its `dataCollection`, which replaced `sendDefaultPii` in SDK 11
 * and collects everything by default): nothing about people, no cookies, bodies, query strings,
 * local variables, database or queue data; request headers from the safe list only.
 */
export const SENTRY_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: SAFE_HEADER_NAMES }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
} satisfies NonNullable<BrowserOptions["dataCollection"]>;

/**
 * An error report with the personal data taken out (Sentry's beforeSend, after SENTRY_DATA_COLLECTION):
 * free text scrubbed (messages, exception values, breadcrumbs, extra data, the request's URL and
 * query), cookies, bodies and identifying headers dropped, the user reduced to nothing. Stack frames,
 * tags (the request id) and the route as written are kept.
 */
export function scrubErrorEvent<E extends ErrorEvent>(event: E): E {
  if (event.message) event.message = scrubLinks(event.message);
  if (event.logentry?.message) event.logentry.message = scrubLinks(event.logentry.message);
  for (const ex of event.exception?.values ?? []) if (ex.value) ex.value = scrubLinks(ex.value);
  for (const b of event.breadcrumbs ?? []) {
    if (b.message) b.message = scrubLinks(withoutElementLabels(b.message));
    if (b.data) b.data = scrubDeep(b.data) as typeof b.data;
  }
  if (event.extra) event.extra = scrubDeep(event.extra) as typeof event.extra;
  if (event.contexts?.nextjs) event.contexts.nextjs = scrubDeep(event.contexts.nextjs) as typeof event.contexts.nextjs;
  if (event.request) {
    const { url, query_string: query, headers, method } = event.request;
    event.request = {
      ...(url ? { url: scrubUrl(url) } : {}),
      ...(method ? { method } : {}),
      // the query's values are search text or credentials: its keys are enough to tell the call
      ...(query ? { query_string: filterQuery(query) as typeof query } : {}),
      ...(headers ? { headers: Object.fromEntries(Object.entries(headers).filter(([k]) => SAFE_HEADERS.has(k.toLowerCase()))) } : {}),
    };
  }
  if (event.user) event.user = {};
  if (event.transaction) event.transaction = scrubLinks(event.transaction);
  return event;
}
